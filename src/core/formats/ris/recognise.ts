/** RIS: a `.ris` file, or any file whose first line opens a record (`TY  - BOOK`). */
import type { FormatRecognition } from '../recognition';

/** A RIS record's first line (the finder's RIS_START in isbn/textShape.ts says the same). */
const RIS_FIRST_LINE = /^\uFEFF?\s*TY {1,2}- /;

export const risRecognition: FormatRecognition = { id: 'ris', namedKinds: ['ris'], extensions: ['ris'], shows: (text) => RIS_FIRST_LINE.test(text) };
