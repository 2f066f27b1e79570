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
  reason: 'A negative number (`min = -2147483648`: a minus after a space, `=`, `(`, `[` or `,`) or 2^31 (`2147483648`, which passes the ISBN-10 check) is a program\'s number.',
  kinds: ALL_KINDS,
  reach: { chars: 2 },
  yes: [
    { text: 'min = -0306406152', finds: [] },
    { text: 'limit 2147483648', finds: [] },
  ],
  no: [{ text: 'item-0306406152', finds: ['9780306406157'] }],
});

export const callArgument = defineRule({
  id: 'code.callArgument',
  family: 'code',
  says: 'notIsbn',
  reason: 'A number that is a call\'s argument (`Be(1471026299)`, `[TestCase("7,162,100.0KB", 7333990400)]`) is the program\'s: an ISBN in code is a string, and one in prose stands after a space (`Dune (0441013597)`).',
  kinds: ALL_KINDS,
  reach: { chars: 120 },
  yes: [
    { text: 'Be(0306406152)', finds: [] },
    { text: '[TestCase("7,162,100.0KB", 0306406152)]', finds: [] },
  ],
  no: [
    { text: 'Dune (0306406152)', finds: ['9780306406157'] },
    { text: 'Dune (Ace, 0306406152)', finds: ['9780306406157'] },
  ],
});

export const inlineScript = defineRule({
  id: 'code.inlineScript',
  family: 'code',
  says: 'notIsbn',
  reason: 'In a page\'s inline `<script>` a bare number is code\'s (a bitmask, a timestamp): an ISBN only where its key says so, as in JSON.',
  kinds: ['markup'],
  reach: { chars: Infinity, document: true },
  yes: [{ text: '<html><script>var a = [0306406152]</script></html>', finds: [] }],
  no: [{ text: '<html><p>See 0306406152.</p></html>', finds: ['9780306406157'] }],
});

export const idName = defineRule({
  id: 'code.idName',
  family: 'code',
  says: 'notIsbn',
  reason: 'A program\'s or a database\'s id name right before it: camelCase ending in Id or ID (`taskID[2019353296]`, `userId: …`) or capitals ending in ID (`DOCID: …`, `RECID …`).',
  kinds: ALL_KINDS,
  reach: { chars: 16 },
  yes: [
    { text: 'taskID[0306406152]', finds: [] },
    { text: 'DOCID: 0306406152', finds: [] },
  ],
  no: [{ text: 'task [0306406152]', finds: ['9780306406157'] }],
});

export const codeKey = defineRule({
  id: 'code.keyName',
  family: 'code',
  says: 'notIsbn',
  reason: 'In prose, a number under an unquoted key only code writes (`createdAt:`, `updated_at:`, `mtime:`, `fileSize:`, `EXT_FILE_ATTR_FILE:`): a time, a size, a constant; a book\'s label (`Paperback:`) is no such key.',
  kinds: PROSE_KINDS,
  reach: { chars: 32 },
  yes: [
    { text: 'createdAt: 0306406152', finds: [] },
    { text: 'EXT_FILE_ATTR_FILE: 0306406152', finds: [] },
  ],
  no: [{ text: 'Paperback: 0306406152', finds: ['9780306406157'] }],
});
