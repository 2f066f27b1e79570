/**
 * A `.csl` file of the user's, checked before the processor sees it: XML data of bounded size with
 * a `<style>` root in the CSL namespace, no document type (and so no entity that could expand or
 * reach a file) and no processing instruction beyond the XML declaration. The processor (citeproc-js)
 * reads a style string with its own XML parser into data: nothing in a style is run.
 */

import { MAX_STYLE_FILE_BYTES } from '../bibliography/readPolicy';

export type StyleProblem = 'tooLarge' | 'notXml' | 'notCsl' | 'doctype';

export function styleProblem(text: string): StyleProblem | undefined {
  if (text.length > MAX_STYLE_FILE_BYTES) return 'tooLarge';
  const body = text.replace(/^\uFEFF/, '').trimStart();
  if (!body.startsWith('<')) return 'notXml';
  if (/<!DOCTYPE|<!ENTITY/i.test(body)) return 'doctype';
  const withoutDeclaration = body.replace(/^<\?xml[^?]*\?>\s*/, '');
  if (/<\?/.test(withoutDeclaration)) return 'notXml';
  const root = /^(?:<!--[\s\S]*?-->\s*)*<style\b[^>]*>/.exec(withoutDeclaration);
  if (!root || !root[0].includes('http://purl.org/net/xbiblio/csl')) return 'notCsl';
  return undefined;
}

/** The text citeproc-js is handed: from the `<style` element on (its parser takes XML only when the string starts with `<`). */
export function styleBody(text: string): string {
  const body = text.replace(/^\uFEFF/, '').trimStart();
  return body.replace(/^<\?xml[^?]*\?>\s*/, '');
}
