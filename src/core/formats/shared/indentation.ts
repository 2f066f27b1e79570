/** A structured file's indentation unit, read from its own lines, so that what is added looks typed by its author. */
export interface Indentation {
  insertSpaces: boolean;
  tabSize: number;
}

export function indentationOf(text: string): Indentation {
  let smallest = Infinity;
  let lines = 0;
  for (const m of text.matchAll(/\n([ \t]+)\S/g)) {
    if (m[1].includes('\t')) return { insertSpaces: false, tabSize: 4 };
    smallest = Math.min(smallest, m[1].length);
    if (++lines > 200) break;
  }
  return { insertSpaces: true, tabSize: Number.isFinite(smallest) ? smallest : 2 };
}
