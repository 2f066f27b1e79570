/**
 * Makes src/core/citation/cslData.json: the bundled CSL styles and locales, each file's text as the
 * Citation Style Language project publishes it (comments and the indentation between elements
 * dropped), keyed by ISBN Lens's style id and the locale's tag. The styles and locales are
 * CC BY-SA 3.0 (see THIRD-PARTY-NOTICES.md).
 *
 *   npm run csl:data -- <styles checkout> <locales checkout>
 *
 * (github.com/citation-style-language/styles and …/locales; the commits used are recorded in the JSON.)
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

/** Our id → the file in the styles repository. Vancouver is NLM's citation-sequence style, the parent of `vancouver-nlm`. */
const STYLES: Record<string, string> = {
  apa: 'apa.csl',
  'chicago-author-date': 'chicago-author-date.csl',
  'chicago-notes-bibliography': 'chicago-notes-bibliography.csl',
  'modern-language-association': 'modern-language-association.csl',
  ieee: 'ieee.csl',
  'harvard-cite-them-right': 'harvard-cite-them-right.csl',
  vancouver: 'nlm-citation-sequence.csl',
};
const LOCALES = ['en-US', 'en-GB', 'de-DE', 'fr-FR', 'es-ES'];

function gitShow(repo: string, file: string): string {
  return execFileSync('git', [`--git-dir=${repo}`, 'show', `HEAD:${file}`], { encoding: 'utf8', maxBuffer: 16 << 20 });
}
function head(repo: string): string {
  return execFileSync('git', [`--git-dir=${repo}`, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
}
/** Comments and the line breaks with indentation between elements: never content in CSL. */
function compact(xml: string): string {
  return xml.replace(/<!--[\s\S]*?-->/g, '').replace(/>\r?\n\s*</g, '><').trim();
}

const [stylesRepo, localesRepo] = process.argv.slice(2);
if (!stylesRepo || !localesRepo) {
  console.error('usage: npm run csl:data -- <styles git dir> <locales git dir>');
  process.exit(2);
}
const data = {
  sources: { styles: head(stylesRepo), locales: head(localesRepo) },
  styles: Object.fromEntries(Object.entries(STYLES).map(([id, file]) => [id, compact(gitShow(stylesRepo, file))])),
  locales: Object.fromEntries(LOCALES.map((tag) => [tag, compact(gitShow(localesRepo, `locales-${tag}.xml`))])),
};
const out = path.join(__dirname, '..', 'src', 'core', 'citation', 'cslData.json');
writeFileSync(out, JSON.stringify(data, null, 1) + '\n');
console.log(`${out}: ${Object.keys(data.styles).length} styles, ${Object.keys(data.locales).length} locales`);
