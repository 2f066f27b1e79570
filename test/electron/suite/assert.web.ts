/**
 * The part of `node:assert/strict` the in-host suite uses, for the browser's web worker (which has
 * no Node modules): the web suite bundle takes it in place of `node:assert/strict`.
 */
class AssertionError extends Error {
  override name = 'AssertionError';
}

function fail(message: string | undefined, detail: string): never {
  throw new AssertionError(message ? `${message}\n${detail}` : detail);
}

const show = (value: unknown): string => {
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
};

function ok(value: unknown, message?: string): asserts value {
  if (!value) fail(message, `expected a truthy value, got ${show(value)}`);
}

const assert = Object.assign(ok, {
  ok,
  equal(actual: unknown, expected: unknown, message?: string): void {
    if (!Object.is(actual, expected)) fail(message, `${show(actual)} !== ${show(expected)}`);
  },
  deepEqual(actual: unknown, expected: unknown, message?: string): void {
    if (show(actual) !== show(expected)) fail(message, `${show(actual)} is not deeply equal to ${show(expected)}`);
  },
  match(actual: string, pattern: RegExp, message?: string): void {
    if (!pattern.test(actual)) fail(message, `${show(actual)} does not match ${pattern}`);
  },
  /** As Node's: `check` a function or a pattern of the message, or left out (then the second argument may be the message). */
  async rejects(promise: Promise<unknown>, check?: ((e: Error) => boolean) | RegExp | string, message?: string): Promise<void> {
    const why = typeof check === 'string' ? check : message;
    try {
      await promise;
    } catch (e) {
      const error = e as Error;
      const passed = typeof check === 'function' ? check(error) : check instanceof RegExp ? check.test(error.message) : true;
      if (!passed) fail(why, `the rejection did not pass the check: ${error.message}`);
      return;
    }
    fail(why, 'it did not reject');
  },
});

export default assert;
