/**
 * A format's part (core/formats/registry.ts), loaded on first use with its parsers, and the
 * pause that lets the extension host run what waits (a hover, a keystroke) between slices of
 * long work: a 50 MB BibTeX library is read in slices of ~20 ms, so that a garbage collection
 * inside one still leaves it under ~50 ms.
 */
import type { FormatId } from '../../core/formats/formatId';
import type { FormatPart, Pause } from '../../core/formats/part';
import { nextTurn } from '../../core/nextTurn';

export type { Pause } from '../../core/formats/part';

export const yieldToHost: Pause = nextTurn;

export async function partOf(format: FormatId): Promise<FormatPart> {
  return (await import('../../core/formats/registry')).formatPart(format);
}

/** Reads a large text ahead in slices (BibTeX), for the synchronous readers that follow (the citation-key index, duplicates, Annotate, Insert Entry). */
export async function readAheadInSteps(text: string, format: FormatId, pause: Pause = yieldToHost): Promise<void> {
  await (await partOf(format)).readAhead?.(text, pause);
}
