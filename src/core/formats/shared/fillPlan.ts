/**
 * What a fill writes into one entry, whatever the format: a value goes in as
 * a new field only where the entry has no field of the same meaning; in
 * refresh mode, a field of the same name whose value differs is replaced.
 * Formats supply their fields, meanings and comparison; this decides.
 */
export type FillMode = 'fill' | 'refresh';

export interface PlannedValue<V> {
  name: string;
  value: V;
}

export interface FillPlan<V> {
  add: PlannedValue<V>[];
  replace: PlannedValue<V>[];
}

export function planFill<V>(
  values: readonly PlannedValue<V>[],
  has: (name: string) => boolean,
  sameMeaning: (name: string) => readonly string[],
  sameValue: (name: string, value: V) => boolean,
  mode: FillMode,
): FillPlan<V> {
  const plan: FillPlan<V> = { add: [], replace: [] };
  for (const value of values) {
    if (!sameMeaning(value.name).some(has)) plan.add.push(value);
    else if (mode === 'refresh' && has(value.name) && !sameValue(value.name, value.value)) plan.replace.push(value);
  }
  return plan;
}
