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
