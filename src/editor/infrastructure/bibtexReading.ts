/**
 * BibTeX texts are read in slices with the extension host let go between
 * them (a 50 MB library takes ~0.3 s to read, in slices of ~20 ms, so that a
 * garbage collection inside one still leaves it under ~50 ms); what the
 * reading finds is kept for the synchronous readers that follow (the
 * citation-key index, duplicates, Annotate, Insert Entry).
 */
import type { BibliographyFormat } from '../../core/bibliography/format';
import { nextTurn } from '../../core/nextTurn';

/** Lets the host run what waits (a hover, a keystroke) before the next slice. */
export type Pause = () => Promise<void>;

export const yieldToHost: Pause = nextTurn;

/** Reads a BibTeX text ahead of a synchronous use of it; other formats need nothing. */
export async function readAheadInSteps(text: string, format: BibliographyFormat | 'markdown', pause: Pause = yieldToHost): Promise<void> {
  if (format !== 'bibtex') return;
  const { readingInSteps } = await import('../../core/bibtex/parse');
  await readingInSteps(text, pause);
}
