// Code: numbers that programs write. An ISBN in code is a string (`split('9999678270')`) or
// stands under a key that says ISBN; a bare number there is the program's. The finder cannot
// tell code from prose by its shape (textShape.ts reads code as prose), so these rules apply
// to every kind of text, where their patterns are as rare as they are in code common: their
// kinds say so, rather than the kinds they were written for.
import { ALL_KINDS, defineRule, PROSE_KINDS } from './rule';

export const machineNumber = defineRule({
  id: 'code.machineNumber',
  family: 'code',
  says: 'notIsbn',
  kinds: ALL_KINDS,
  reach: { lines: 0, chars: 2 },
});

export const callArgument = defineRule({
  id: 'code.callArgument',
  family: 'code',
  says: 'notIsbn',
  kinds: ALL_KINDS,
  reach: { lines: 0, chars: 120 },
});

/** How far into a `<script>` element a number may stand to be read as the script's: its `<script` is looked for that far back. */
export const SCRIPT_REACH = 1 << 14;

export const inlineScript = defineRule({
  id: 'code.inlineScript',
  family: 'code',
  says: 'notIsbn',
  kinds: ['markup'],
  reach: { lines: 0, across: SCRIPT_REACH, document: 'head' },
});

export const idName = defineRule({
  id: 'code.idName',
  family: 'code',
  says: 'notIsbn',
  kinds: ALL_KINDS,
  reach: { lines: 0, chars: 16 },
});

export const codeKey = defineRule({
  id: 'code.keyName',
  family: 'code',
  says: 'notIsbn',
  kinds: PROSE_KINDS,
  reach: { lines: 0, chars: 32 },
});
