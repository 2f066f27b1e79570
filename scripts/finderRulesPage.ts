// `npm run docs:finder-rules`: writes docs/finder-rules.md from the finder's rules
// (src/core/isbn/rules/), so that the page says what the code does. The unit test
// finderRules.test.ts fails when the committed page differs from what this writes.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FAMILIES, registeredRules, type Rule, type RuleExample } from '../src/core/isbn/rules';
import { docsOf } from '../src/core/isbn/rules/docs';

export const RULES_PAGE = join(__dirname, '..', 'docs', 'finder-rules.md');

const SAYS: Record<Rule['says'], string> = { isbn: 'finds an ISBN', notIsbn: 'rules a number out', reads: 'reads a candidate', flags: 'flags a broken ISBN' };

/** The page, as Markdown. */
export function rulesPage(): string {
  const rules = registeredRules();
  const out: string[] = [
    '# The finder\'s rules',
    '',
    '<!-- Generated from src/core/isbn/rules/ by `npm run docs:finder-rules`: edit the rules, not this page. -->',
    '',
    'Every judgement the finder makes about a number is a named rule (`src/core/isbn/rules/`): its identifier,',
    'the reason a reader would give, the kinds of document it applies to, how far it reads around the number,',
    'and examples, which run as unit tests (`test/unit/finderRules.test.ts`): the finder must find exactly the',
    'ISBNs an example lists, and a rule that decides must be the one `explainIsbns` names in each of its `yes`',
    'examples and in none of its `no` examples. A rule *finds an ISBN* (evidence for), *rules a number out*',
    '(evidence against), *reads a candidate* (how a number is written; it decides nothing), or *flags a broken ISBN*',
    '(a candidate meant as one that is none, reported to the editor). Which rule decided',
    'about each number of a folder of documents: `npm run measure:finder -- <folder> --why`.',
    '',
    `${rules.length} rules in ${Object.keys(FAMILIES).length} families. Reach (rules/rule.ts, Reach): the lines read on each side of the`,
    'number\'s own line, and the characters along them; characters read across lines; a whole isbn field; the block of',
    'lines it stands in (a table); what was decided of the numbers around; the document\'s start (its kind, a CSV\'s header,',
    'its script), or the whole text (the index leaves such a rule out, or reads every part as the rule would). The',
    'incremental index re-decides every line within a rule\'s reach of an edit (ARCHITECTURE.md, "The finder\'s rules").',
    '',
  ];
  for (const [family, title] of Object.entries(FAMILIES)) {
    const inFamily = rules.filter((r) => r.family === family);
    if (inFamily.length === 0) continue;
    out.push(`## ${title}`, '');
    for (const rule of inFamily) {
      const docs = docsOf(rule);
      out.push(`### \`${rule.id}\``, '');
      out.push(`${rule.says === 'isbn' ? `Finds an ISBN ("${rule.short}")` : SAYS[rule.says].replace(/^./, (c) => c.toUpperCase())}. ${docs.reason}`, '');
      out.push(`- Kinds: ${rule.kinds.join(', ')}${rule.shape === undefined ? '' : ` (${rule.shape} only)`}. Reach: ${reach(rule)}.`);
      for (const example of docs.yes) out.push(`- Yes: ${example_(example)}`);
      for (const example of docs.no) out.push(`- No: ${example_(example)}`);
      out.push('');
    }
  }
  return out.join('\n');
}

function reach(rule: Rule): string {
  const r = rule.reach;
  const parts = [r.lines === 0 ? 'its line' : `${r.lines} line${r.lines > 1 ? 's' : ''} on each side`];
  if (r.chars !== undefined) parts.push(`${r.chars.toLocaleString('en')} character${r.chars === 1 ? '' : 's'} along it`);
  if (r.across !== undefined) parts.push(`${r.across.toLocaleString('en')} characters across lines`);
  if (r.decisions !== undefined) parts.push(`what was decided of the numbers within ${r.decisions.toLocaleString('en')} characters`);
  if (r.field) parts.push(`a field of ${r.field} lines`);
  if (r.block) parts.push('up the block of lines it stands in');
  if (r.document === 'head') parts.push('the document\'s start');
  if (r.document === 'text') parts.push('the whole text (which the incremental index handles by name)');
  return parts.join(', ');
}

function example_(example: RuleExample): string {
  const text = code(JSON.stringify(example.text));
  const name = example.name ? ` in \`${example.name}\`` : '';
  const reports = example.reports?.length ? `; reports ${example.reports.map((r) => code(r)).join(', ')}` : '';
  return `${text}${name} → ${example.finds.length === 0 ? 'no ISBN' : example.finds.join(', ')}${reports}`;
}

/** A code span that holds `text` whatever backticks it has. */
function code(text: string): string {
  const fence = text.includes('`') ? '``' : '`';
  return `${fence}${fence === '``' ? ' ' : ''}${text}${fence === '``' ? ' ' : ''}${fence}`;
}

if (require.main === module) {
  writeFileSync(RULES_PAGE, rulesPage());
  console.log(`wrote ${RULES_PAGE}: ${registeredRules().length} rules`);
}
