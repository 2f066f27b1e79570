// Why each code rule holds and its examples both ways (rule.ts): read by the tests and the rules page, not at activation.
import { describeRules } from './rule';

describeRules({
  'code.machineNumber': {
    reason: 'A negative number (`min = -2147483648`: a minus after a space, `=`, `(`, `[` or `,`) or 2^31 (`2147483648`, which passes the ISBN-10 check) is a program\'s number.',
    yes: [
    { text: 'min = -0306406152', finds: [] },
    { text: 'limit 2147483648', finds: [] },
  ],
    no: [{ text: 'item-0306406152', finds: ['9780306406157'] }],
  },
  'code.callArgument': {
    reason: 'A number that is a call\'s argument (`Be(1471026299)`, `[TestCase("7,162,100.0KB", 7333990400)]`) is the program\'s: an ISBN in code is a string, and one in prose stands after a space (`Dune (0441013597)`).',
    yes: [
    { text: 'Be(0306406152)', finds: [] },
    { text: '[TestCase("7,162,100.0KB", 0306406152)]', finds: [] },
  ],
    no: [
    { text: 'Dune (0306406152)', finds: ['9780306406157'] },
    { text: 'Dune (Ace, 0306406152)', finds: ['9780306406157'] },
  ],
  },
  'code.inlineScript': {
    reason: 'In a page\'s inline `<script>` a bare number is code\'s (a bitmask, a timestamp): an ISBN only where its key says so, as in JSON.',
    yes: [{ text: '<html><script>var a = [0306406152]</script></html>', finds: [] }],
    no: [{ text: '<html><p>See 0306406152.</p></html>', finds: ['9780306406157'] }],
  },
  'code.idName': {
    reason: 'A program\'s or a database\'s id name right before it: camelCase ending in Id or ID (`taskID[2019353296]`, `userId: …`) or capitals ending in ID (`DOCID: …`, `RECID …`).',
    yes: [
    { text: 'taskID[0306406152]', finds: [] },
    { text: 'DOCID: 0306406152', finds: [] },
  ],
    no: [{ text: 'task [0306406152]', finds: ['9780306406157'] }],
  },
  'code.keyName': {
    reason: 'In prose, a number under an unquoted key only code writes (`createdAt:`, `updated_at:`, `mtime:`, `fileSize:`, `EXT_FILE_ATTR_FILE:`): a time, a size, a constant; a book\'s label (`Paperback:`) is no such key.',
    yes: [
    { text: 'createdAt: 0306406152', finds: [] },
    { text: 'EXT_FILE_ATTR_FILE: 0306406152', finds: [] },
  ],
    no: [{ text: 'Paperback: 0306406152', finds: ['9780306406157'] }],
  },
});
