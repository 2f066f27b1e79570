/**
 * Applies edits computed on a document's text, recomputing them when the
 * document changed in the meantime, so that text typed during a look-up is
 * never overwritten. The editor's apply also fails when the version moved
 * between our check and its application; that is retried the same way.
 */
import type { TextEdit } from './textEdit';

export interface VersionedText {
  readonly version: number;
  getText(): string;
}

export interface StableApplyResult<R> {
  /** The computation whose edits were applied (or that had none). */
  result: R;
  applied: boolean;
  /** How many times the edits were computed. */
  attempts: number;
}

export async function applyWhenStable<R extends { edits: readonly TextEdit[] }>(
  document: VersionedText,
  compute: (text: string) => R,
  apply: (edits: readonly TextEdit[], version: number) => Promise<boolean>,
  maxAttempts = 5,
): Promise<StableApplyResult<R>> {
  for (let attempts = 1; ; attempts++) {
    const version = document.version;
    const result = compute(document.getText());
    if (result.edits.length === 0) return { result, applied: false, attempts };
    // Computing takes time too: if the user typed meanwhile, start over.
    if (document.version !== version && attempts < maxAttempts) continue;
    if (document.version === version && (await apply(result.edits, version))) return { result, applied: true, attempts };
    if (document.version === version || attempts >= maxAttempts) return { result, applied: false, attempts };
  }
}
