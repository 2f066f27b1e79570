/**
 * When this bundle began to evaluate (compiled, before any other module of it ran): the first
 * import of extension.ts, so the first module the bundle evaluates. The e2e suite's activation
 * phases tell by it how long the extension host took to get to our bundle.
 */
export const loadStartedAt = Date.now();
