/**
 * Whether a source can be reached: the one place that remembers an outage, so that a source that
 * is down (offline, a firewall, an unresolvable host, a host that accepts connections and never
 * answers, a run of 5xx) costs one failed request per rest, not tries for every ISBN.
 *
 * - A failure that says the host is out of reach rests the source: nothing is sent to it until
 *   the rest ends (2 minutes, doubling while it stays down, at most 30), and what would have
 *   gone to it is refused at once with an `unreachable` error, so the chain asks the next source
 *   and the result says "not asked", never "not found". Nothing of this is cached as an answer.
 *   A connection dropped after the host took it is forgiven once (it happens on working networks;
 *   the batcher tries again); a second in a row rests the source.
 * - When the rest ends, one request goes (the probe); the others wait for it. Its answer ends
 *   the outage; its failure starts a longer rest.
 * - A request unanswered past `STALL_MS` (a connection accepted and never answered, a host
 *   that answers in many seconds) makes the source count as down for the others while it
 *   hangs: they are refused, not queued behind it, and no new connection is opened to it.
 * - Until a source has answered once, it is probed the same way: one request at a time, so
 *   that a dead host gets one connection, not one per batch.
 *
 * It holds no timer of its own for the rest: the state is worked out from the clock when asked.
 * The stall needs one (nothing else happens while a request hangs), cleared when it answers.
 */
import { type Clock, systemClock } from '../clock';
import { Disposable } from '../disposable';
import { Emitter } from '../events';
import { ServiceError } from '../model/errors';

/** The first rest after a failure; each failed probe doubles it, up to `MAX_REST_MS`. */
export const FIRST_REST_MS = 2 * 60_000;
export const MAX_REST_MS = 30 * 60_000;
/** A request unanswered this long (no headers yet) makes its source count as down for the others. */
export const STALL_MS = 4_000;

export type HealthState =
  /** Answering, or not yet asked. */
  | { kind: 'up' }
  /** One request is on its way to see whether the source answers (first contact, or after a rest); the others wait for it. */
  | { kind: 'probing' }
  /** A request has gone unanswered past `STALL_MS`: the others are refused while it hangs. */
  | { kind: 'stalled'; since: number }
  /** Out of reach: nothing is sent until `until`, then one probe. */
  | { kind: 'resting'; until: number; cause: ServiceError };

/** What the batcher may do now: send, wait for the probe, or answer "not asked" at once. */
export type Admission = { kind: 'send' } | { kind: 'wait' } | { kind: 'refused'; error: ServiceError };

/** One call being watched, from its first request to its outcome. */
export interface Watch {
  /** A request left: from now, no answer within the stall time makes the source count as down for the others. */
  sent(): void;
  /** An answer's headers came: the host answers, whatever the call makes of it. */
  responded(): void;
  answered(): void;
  failed(cause: ServiceError): void;
  /** The caller cancelled it: it says nothing of the source. */
  abandoned(): void;
}

export class SourceHealth extends Disposable {
  private readonly changes = this.register(new Emitter<void>());
  /** Fires when what `admission()` says may have changed (except a rest ending by itself: see `restEnds`). */
  readonly onDidChange = this.changes.event;
  private rest: { until: number; cause: ServiceError; ms: number } | undefined;
  /** Rests in a row without an answer between them: how long the next one is. */
  private lastRestMs = 0;
  private answeredOnce = false;
  /** A dropped connection was let pass without a rest since the last answer (the next failure rests). */
  private forgiven = false;
  private probeInFlight = false;
  private readonly inFlight = new Set<{ timer?: ReturnType<typeof setTimeout>; stalledAt?: number }>();
  /** Since when the current outage lasts (the first failure), or undefined while the source answers. */
  outageSince: number | undefined;

  constructor(
    /** The source's name (`BookSource.name`): the log says its title, a refusal's reason names it. */
    readonly source: string,
    private readonly clock: Clock = systemClock,
    private readonly stallMs = STALL_MS,
  ) {
    super();
    this.register({ dispose: () => this.inFlight.forEach((w) => clearTimeout(w.timer)) });
  }

  get state(): HealthState {
    const now = this.clock.now();
    if (this.rest && now < this.rest.until) return { kind: 'resting', until: this.rest.until, cause: this.rest.cause };
    const stalled = [...this.inFlight].find((w) => w.stalledAt !== undefined);
    if (stalled) return { kind: 'stalled', since: stalled.stalledAt! };
    return this.probeInFlight ? { kind: 'probing' } : { kind: 'up' };
  }

  /** When a rest ends by itself (for a timer that lets a waiting queue go on), or undefined. */
  get restEnds(): number | undefined {
    return this.rest && this.clock.now() < this.rest.until ? this.rest.until : undefined;
  }

  /** Whether a request may go now. A request that may go as the probe must be watched (`watch`) at once. */
  admission(): Admission {
    const state = this.state;
    switch (state.kind) {
      case 'resting':
        return { kind: 'refused', error: this.refusal(state.until, state.cause) };
      case 'stalled':
        return { kind: 'refused', error: new ServiceError('unreachable', { why: 'notAnswering', source: this.source }) };
      case 'probing':
        return { kind: 'wait' };
      case 'up':
        return { kind: 'send' };
    }
  }

  /**
   * Watches one call; the first one after a rest or before any answer is the probe. Call it
   * when the call is admitted (before any wait), and `sent()` when its request leaves.
   */
  watch(): Watch {
    const probe = !this.answeredOnce || this.rest !== undefined;
    if (probe) this.probeInFlight = true;
    const entry: { timer?: ReturnType<typeof setTimeout>; stalledAt?: number } = {};
    this.inFlight.add(entry);
    let done = false;
    const unstall = () => {
      clearTimeout(entry.timer);
      entry.timer = undefined;
      if (entry.stalledAt === undefined) return;
      entry.stalledAt = undefined;
      this.changes.fire();
    };
    const end = (after: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(entry.timer);
      this.inFlight.delete(entry);
      if (probe) this.probeInFlight = false;
      after();
      this.changes.fire();
    };
    return {
      sent: () => {
        if (done || entry.timer !== undefined || entry.stalledAt !== undefined) return;
        entry.timer = setTimeout(() => {
          entry.stalledAt = this.clock.now();
          this.changes.fire();
        }, this.stallMs);
      },
      responded: () => {
        if (!done) unstall();
      },
      answered: () =>
        end(() => {
          this.answeredOnce = true;
          this.forgiven = false;
          this.rest = undefined;
          this.lastRestMs = 0;
          this.outageSince = undefined;
        }),
      failed: (cause) => end(() => this.failed(cause)),
      abandoned: () => end(() => undefined),
    };
  }

  /** The user asks to try again now: the next request is a probe. */
  reset(): void {
    if (!this.rest) return;
    this.rest = { ...this.rest, until: this.clock.now() };
    this.changes.fire();
  }

  private failed(cause: ServiceError): void {
    const now = this.clock.now();
    // A failure while already resting (a request sent before the rest began) does not lengthen it.
    if (this.rest && now < this.rest.until) return;
    // A connection dropped once is forgiven (the batcher tries again); twice in a row, the source rests.
    if (cause.details.dropped && !this.forgiven) {
      this.forgiven = true;
      return;
    }
    const ms = this.lastRestMs === 0 ? FIRST_REST_MS : Math.min(this.lastRestMs * 2, MAX_REST_MS);
    this.lastRestMs = ms;
    this.outageSince ??= now;
    this.rest = { until: now + ms, cause, ms };
  }

  private refusal(until: number, cause: ServiceError): ServiceError {
    return new ServiceError('unreachable', cause.reason, { retryAt: until });
  }
}

/**
 * Whether a failure says the source is out of reach, rather than something of this request:
 * no answer at all (`network`: unresolvable, refused, reset, TLS, timed out), or, where
 * `serverErrors`, a 5xx or a library catalogue's SRU diagnostic (a keyless service that fails;
 * the book service keeps its own retries).
 */
export function meansOutage(error: ServiceError, serverErrors: boolean): boolean {
  if (error.kind === 'network') return true;
  return serverErrors && error.kind === 'server' && ((error.details.status ?? 0) >= 500 || error.details.diagnostic !== undefined);
}
