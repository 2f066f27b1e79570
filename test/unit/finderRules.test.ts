// Every rule of the finder runs its own examples (src/core/isbn/rules/): in each, the finder
// finds exactly the ISBNs the example lists; and for a rule that decides (evidence for or
// against an ISBN), its explanation names the rule in each `yes` example and in no `no`
// example. Removing or weakening a rule fails its own examples.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { explainIsbns, findIsbns } from '../../src/core/isbn/find';
import { registeredRules, ruleById, type RuleExample } from '../../src/core/isbn/rules';
import { docsOf } from '../../src/core/isbn/rules/docs';
import { scanAll } from '../../src/core/scan/lineScan';
import { readFileSync } from 'node:fs';
import { rulesPage, RULES_PAGE } from '../../scripts/finderRulesPage';
import { documentShape } from '../../src/core/documentKind/documentKind';
import { validFound } from '../helpers/finderFixtures';

function optionsOf(example: RuleExample) {
  return example.name === undefined ? {} : { shape: documentShape({ fileName: example.name }, example.text) };
}

function foundIn(example: RuleExample): string[] {
  return validFound(example.text, optionsOf(example));
}

test('rule identifiers are unique, dotted and start with their family\'s word', () => {
  const ids = registeredRules().map((r) => r.id);
  assert.equal(new Set(ids).size, ids.length);
  for (const rule of registeredRules()) {
    assert.match(rule.id, /^[a-z]+(?:\.[a-zA-Z0-9]+)+$/, rule.id);
    const docs = docsOf(rule);
    assert.ok(docs.yes.length > 0 && docs.no.length > 0, `${rule.id} has examples both ways`);
    assert.ok(rule.kinds.length > 0 && docs.reason.length > 0, rule.id);
    if (rule.says === 'isbn') assert.ok(rule.short, `${rule.id}: a rule that finds ISBNs says why in a few words`);
  }
});

for (const rule of registeredRules()) {
  test(`rule ${rule.id}: its examples`, () => {
    for (const [way, examples] of [['yes', docsOf(rule).yes], ['no', docsOf(rule).no]] as const) {
      for (const example of examples) {
        assert.deepEqual(foundIn(example), [...example.finds].sort(), `${way}: ${JSON.stringify(example.text)}`);
        if (example.reports !== undefined) {
          const reported = findIsbns(example.text, optionsOf(example)).flatMap((m) => (m.valid ? [] : [m.raw]));
          assert.deepEqual(reported, example.reports, `${way}: ${JSON.stringify(example.text)} reports`);
        }
        if (rule.says === 'reads' || rule.says === 'flags') continue;
        const named = explainIsbns(example.text, optionsOf(example)).some((d) => d.rule === rule);
        assert.equal(named, way === 'yes', `${way}: ${JSON.stringify(example.text)} ${way === 'yes' ? 'is not' : 'is'} decided by ${rule.id}`);
      }
    }
  });
}

test('an ISBN found without a label says which rule found it, in a few words for the hover; a labelled one needs none', () => {
  const items = scanAll({ lineCount: 3, lineAt: (line) => ['| ISBN | Title |', '|---|---|', '| 9999678270 | Dune |'][line], fileName: 'list.md' });
  assert.deepEqual(items.map((i) => [i.foundBy, ruleById(i.foundBy!)?.short]), [['data.tableColumnIsbn', 'isbn column']]);
  const labelled = scanAll({ lineCount: 1, lineAt: () => 'ISBN 978-0-306-40615-7', fileName: 'a.md' });
  assert.equal(labelled[0]?.foundBy, undefined);
});

test('explainIsbns names, for each ISBN found and each number ruled out, the rule that decided', () => {
  const decisions = explainIsbns('OCLC 0306406152, ISBN 978-0-306-40615-7, see 9783161484100.');
  assert.deepEqual(
    decisions.map((d) => [d.raw, d.found, d.rule.id]),
    [
      ['0306406152', false, 'label.otherNumber'],
      ['978-0-306-40615-7', true, 'label.isbnWord'],
      ['9783161484100', true, 'candidate.isbn13'],
    ],
  );
});

test('docs/finder-rules.md is the page the rules make (npm run docs:finder-rules writes it)', () => {
  assert.equal(readFileSync(RULES_PAGE, 'utf8'), rulesPage(), 'run `npm run docs:finder-rules` and commit docs/finder-rules.md');
});

test('an explanation says how each candidate is written: its digits, groups, separators and the readings applied', () => {
  const [fullWidth] = explainIsbns('ISBN: ９７８－４－０６－１５９１１１－０');
  assert.deepEqual(fullWidth?.form, { digits: '9784061591110', groups: 5, separators: ['-'], readings: ['full-width digits'] });
  const [tex] = explainIsbns('ISBN~0~306~40615~2');
  assert.deepEqual(tex?.form, { digits: '0306406152', groups: 4, separators: ['~'], readings: ['TeX tie or en dash'] });
  const [broken] = explainIsbns('ISBN 978-3-540-44598-\n  2.');
  assert.deepEqual(broken?.form.readings, ['line break']);
  assert.equal(broken?.form.digits, '9783540445982');
});
