/**
 * What is known of the key from `GET /key`: its plan host and today's quota, kept current
 * between reads by counting the calls the extension makes (each ISBN of a batch is one).
 * Knows nothing when the service has no `/key`: then nothing changes and nothing is said.
 */
import { Disposable } from '../disposable';
import { type Event, Emitter } from '../events';
import type { RequestRecord } from '../model/answers';
import { type KeyInfo, type Quota, spendQuota } from '../model/quota';

export class KeyQuota extends Disposable {
  private info: KeyInfo | undefined;
  /** Bumped when the key changes, so that a read for the old key is not taken for the new one. */
  private generation = 0;
  private readonly changes = this.register(new Emitter<void>());
  readonly onDidChange = this.changes.event;

  constructor(
    private readonly read: (signal?: AbortSignal) => Promise<KeyInfo | undefined>,
    requests: Event<RequestRecord>,
  ) {
    super();
    this.register(requests((record) => this.count(record)));
  }

  get quota(): Quota | undefined {
    return this.info?.quota;
  }

  get apiHost(): string | undefined {
    return this.info?.apiHost;
  }

  /** Reads `GET /key` again; undefined when the service has none. Throws the typed error of a failed request. */
  async refresh(signal?: AbortSignal): Promise<KeyInfo | undefined> {
    const generation = this.generation;
    const info = await this.read(signal);
    if (generation === this.generation) {
      this.info = info;
      this.changes.fire();
    }
    return info;
  }

  /** Another key or plan: what was read no longer holds. */
  reset(): void {
    this.generation++;
    if (this.info === undefined) return;
    this.info = undefined;
    this.changes.fire();
  }

  private count(record: RequestRecord): void {
    const quota = this.info?.quota;
    if (!quota) return;
    if (record.error?.kind === 'quota' && record.error.details.daily) {
      this.info = { ...this.info, quota: spendQuota(quota, quota.left) };
      this.changes.fire();
      return;
    }
    const calls = callsCharged(record);
    if (calls === 0) return;
    this.info = { ...this.info, quota: spendQuota(quota, calls) };
    this.changes.fire();
  }
}

/**
 * Calls a request takes from the daily quota, as published and reported: each ISBN of a
 * batch, failed answers too (403, 500); nothing for `/key`, a limit answer (429), a refused
 * key (401) or a request that got no answer. A batch refused for its size (400) is one call.
 */
export function callsCharged(record: RequestRecord): number {
  const status = record.status;
  if (status === undefined || status === 401 || status === 429 || record.path === '/key') return 0;
  return record.isbnCount !== undefined && status !== 400 ? record.isbnCount : 1;
}
