// Reading the admin API's JSON input: a bad value is a 400 with a message, not a crash.

import type { Fault } from './types';

export class BadRequest extends Error {}

/** JSON cannot carry Infinity: `"times": null` (what JSON.stringify(Infinity) gives) or "Infinity" mean forever. */
export function faultFromJson<F = Fault>(raw: unknown): F {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new BadRequest('fault must be an object');
  const fault = { ...(raw as Record<string, unknown>) };
  if (fault.times === null || fault.times === 'Infinity') fault.times = Infinity;
  if (fault.times !== undefined && typeof fault.times !== 'number') throw new BadRequest('times must be a number');
  return fault as F;
}

export function num(value: unknown, name: string): number {
  if (value === null || value === 'Infinity') return Infinity; // same JSON/Infinity rule as faults
  if (typeof value !== 'number' || Number.isNaN(value)) throw new BadRequest(`${name} must be a number`);
  return value;
}

