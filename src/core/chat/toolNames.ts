/**
 * The language model tools of ISBN Lens (package.json `contributes.languageModelTools`): their
 * names, the one place the editor and the manifest's test read them from. Cheap: the activation
 * bundle registers the tools with these names and loads what they do on their first call.
 */
export const CHAT_TOOLS = {
  lookUpBooks: 'isbnLens_lookUpBooks',
  findBooks: 'isbnLens_findBooks',
  checkReferences: 'isbnLens_checkReferences',
} as const;

export type ChatToolName = (typeof CHAT_TOOLS)[keyof typeof CHAT_TOOLS];
