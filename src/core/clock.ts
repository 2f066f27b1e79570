/** Time is injected wherever it is read, so that tests run on fake time. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
