/**
 * suiteHost.ts in the browser's web-worker extension host, where there is no `process` and no
 * file: the launcher builds the environment in (`ISBN_LENS_SUITE_ENV`), and the lines reach it
 * through the console only.
 */
declare const ISBN_LENS_SUITE_ENV: Record<string, string>;

export function suiteEnv(name: string): string | undefined {
  return ISBN_LENS_SUITE_ENV[name];
}

export function appendReport(): void {}

export function hostDescription(): string {
  const inWorker = typeof process === 'undefined' && typeof (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope === 'function';
  return inWorker ? 'in the browser\'s web worker (no process, WorkerGlobalScope)' : 'NOT in a web worker';
}
