/** A Markdown document's YAML front matter (between `---` lines at its start), with where its text starts. */
export function frontMatter(text: string): { yaml: string; start: number } | undefined {
  const m = /^---[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/.exec(text);
  if (!m) return undefined;
  return { yaml: m[1], start: m[0].indexOf(m[1]) };
}
