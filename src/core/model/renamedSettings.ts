/**
 * The book service's own settings moved under `isbnLens.isbndb.` (0.2.0): `plan`, `baseUrls` and
 * `batchSize` apply to ISBNdb alone, and read under the product's name they seemed to apply to
 * every source. The old names stay declared (deprecated) and read, so that nothing a user set
 * is lost, and so that an older ISBN Lens on another machine that shares the settings (Settings
 * Sync) keeps reading them: the values are copied, never removed.
 */
export const RENAMED_SETTINGS = {
  plan: 'isbndb.plan',
  baseUrls: 'isbndb.baseUrls',
  batchSize: 'isbndb.batchSize',
} as const;

export type RenamedSetting = keyof typeof RENAMED_SETTINGS;
export const RENAMED_SETTING_NAMES = Object.keys(RENAMED_SETTINGS) as RenamedSetting[];

/** A renamed setting's values in the user's settings (the only place these are read from). */
export interface RenamedValues {
  /** Under the old name, e.g. `isbnLens.plan`. */
  readonly old: unknown;
  /** Under the new name, e.g. `isbnLens.isbndb.plan`. */
  readonly current: unknown;
}

/** The value that applies: the new name's, else the old name's. */
export function effectiveValue(values: RenamedValues): unknown {
  return values.current !== undefined ? values.current : values.old;
}

/**
 * The writes that move the old names' values to the new names, once: only where the old
 * name has a value and the new one has none, so that a value set under the new name is
 * never overwritten.
 */
export function movesAtStart(values: Readonly<Record<RenamedSetting, RenamedValues>>): { name: RenamedSetting; to: string; value: unknown }[] {
  return RENAMED_SETTING_NAMES.filter((name) => values[name].old !== undefined && values[name].current === undefined).map((name) => ({
    name,
    to: RENAMED_SETTINGS[name],
    value: values[name].old,
  }));
}

/**
 * After the move, a user who edits the old name (an older note, a settings file synced from
 * an older ISBN Lens) means that value: it is copied to the new name when it differs.
 */
export function followsOldName(values: RenamedValues): boolean {
  return values.old !== undefined && !sameValue(values.old, values.current);
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
