/** What a tool answers the language model: concise text, and the same as data. */
export interface ToolAnswer {
  /** Concise lines for the model (and the person reading along). */
  text: string;
  /** The same as data, sent as a JSON text part. */
  json: unknown;
}

/** The input could not be read: the problem, for the model to correct its call. */
export function inputProblem(problem: string): ToolAnswer {
  return { text: problem, json: { error: problem } };
}

/** A failure of ISBN Lens itself: one sentence, never a stack trace (the log has the details). */
export function toolFailed(): ToolAnswer {
  const text = 'ISBN Lens could not answer: something went wrong (details are in its log, “ISBN Lens: Show Log”).';
  return { text, json: { error: text } };
}

/** About how many characters a token holds in English text and JSON (a rough, safe-side measure). */
const CHARS_PER_TOKEN = 3;

/**
 * The parts to send within the model's token budget, where the caller gives one: the text and
 * the JSON when both fit, else the text alone, else the text's first lines with a note of how
 * many were left out. Without a budget, both.
 */
export function partsWithin(answer: ToolAnswer, tokenBudget: number | undefined): string[] {
  const json = JSON.stringify(answer.json);
  if (tokenBudget === undefined || tokenBudget <= 0) return [answer.text, json];
  const chars = tokenBudget * CHARS_PER_TOKEN;
  if (answer.text.length + json.length <= chars) return [answer.text, json];
  if (answer.text.length <= chars) return [answer.text];
  const lines = answer.text.split('\n');
  const kept: string[] = [];
  let used = 0;
  for (const line of lines) {
    if (used + line.length + 1 > chars - 120) break;
    kept.push(line);
    used += line.length + 1;
  }
  kept.push(`(${lines.length - kept.length} more lines left out to stay within the token budget: ask for fewer at a time.)`);
  return [kept.join('\n')];
}
