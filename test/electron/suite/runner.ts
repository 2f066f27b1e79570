/**
 * A dependency-free test runner for the extension host: runs named async checks one after the
 * other, each with a time limit, and reports one line per check and `N passed, N failed` last.
 * Failures show the assertion's message, not its stack: the check's name says where it is.
 */

export interface Check {
  name: string;
  /** A string it resolves to is shown after the check's name (what it measured or saw). */
  run: () => Promise<void | string>;
  /** Default 30 s. */
  timeoutMs?: number;
}

export interface RunSummary {
  passed: number;
  failed: number;
}

export async function runChecks(checks: readonly Check[], print: (line: string) => void): Promise<RunSummary> {
  let passed = 0;
  let failed = 0;
  for (const check of checks) {
    const started = Date.now();
    try {
      const note = await withTimeout(check.run(), check.timeoutMs ?? 30_000, check.name);
      passed++;
      print(`  ✓ ${check.name} (${Date.now() - started} ms)${note ? `: ${note}` : ''}`);
    } catch (e) {
      failed++;
      print(`  ✗ ${check.name} (${Date.now() - started} ms)`);
      for (const line of describeFailure(e).split('\n')) print(`      ${line}`);
    }
  }
  print(`${passed} passed, ${failed} failed`);
  return { passed, failed };
}

/** The message of an error (an AssertionError's includes its diff), at most 20 lines. */
function describeFailure(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  const lines = text.split('\n');
  return lines.length > 20 ? [...lines.slice(0, 20), `… (${lines.length - 20} more lines)`].join('\n') : text;
}

function withTimeout<T>(promise: Promise<T>, ms: number, name: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`"${name}" did not finish within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Polls `cond` until it returns a truthy value (returned) or `timeoutMs` passes (throws `message` and the last error). */
export async function eventually<T>(cond: () => T | Promise<T>, message: string, timeoutMs = 10_000, intervalMs = 100): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await cond();
      if (value) return value as NonNullable<T>;
    } catch (e) {
      last = e;
    }
    if (Date.now() >= deadline) break;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  const why = last instanceof Error ? `\nlast error: ${last.message}` : '';
  throw new Error(`${message} (after ${timeoutMs} ms)${why}`);
}
