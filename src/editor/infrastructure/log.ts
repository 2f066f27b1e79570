/**
 * The "ISBN Lens" log channel. Request lines name method, path, status, time and ISBN count; never the key.
 * In VS Code for the Web the channel is kept in the browser, out of reach of a developer's tools
 * and tests: there each line is also written to the worker's console (the browser's developer
 * tools show it as `[Extension Host] ISBN Lens: …`).
 */
import * as vscode from 'vscode';
import type { RequestRecord } from '../../core/model/answers';
import { type ServiceError, isServiceError } from '../../core/model/errors';

export class Log implements vscode.Disposable {
  private readonly channel = vscode.window.createOutputChannel('ISBN Lens', { log: true });
  private readonly mirrorToConsole: boolean;
  /** A failure's reason in the user's words, once they are loaded with the look-ups (see `describeFailuresWith`). */
  private describe: (error: ServiceError) => string = (error) => error.message;

  constructor(options: { mirrorToConsole?: boolean } = {}) {
    this.mirrorToConsole = options.mirrorToConsole ?? false;
  }

  /** Failures are said in these words from now on: words/failures.ts's, which load with the look-ups (LookupService). */
  describeFailuresWith(describe: (error: ServiceError) => string): void {
    this.describe = describe;
  }

  info(message: string): void {
    this.channel.info(message);
    if (this.mirrorToConsole) console.info(`ISBN Lens: ${message}`);
  }

  warn(message: string): void {
    this.channel.warn(message);
    if (this.mirrorToConsole) console.warn(`ISBN Lens: ${message}`);
  }

  /**
   * An expected failure (a `ServiceError`) is logged by its reason's words; an unexpected error
   * keeps its stack here, the one place it helps. Users see only a plain message.
   */
  error(message: string, error?: unknown): void {
    const detail = error === undefined ? undefined : isServiceError(error) ? this.describe(error) : error instanceof Error ? (error.stack ?? error.message) : String(error);
    const line = detail === undefined ? message : `${message}: ${detail}`;
    this.channel.error(line);
    if (this.mirrorToConsole) console.error(`ISBN Lens: ${line}`);
  }

  request(record: RequestRecord): void {
    const count = record.isbnCount !== undefined ? ` (${record.isbnCount} ISBN${record.isbnCount === 1 ? '' : 's'})` : '';
    const outcome = record.status !== undefined ? String(record.status) : record.error ? record.error.kind : '…';
    const line = `${record.source ? `${record.source}: ` : ''}${record.method} ${record.path}${count} → ${outcome} in ${record.ms} ms`;
    if (record.error && record.error.kind !== 'cancelled' && record.error.kind !== 'notFound') this.warn(`${line}: ${this.describe(record.error)}`);
    else this.info(line);
  }

  show(): void {
    this.channel.show(true);
  }

  dispose(): void {
    this.channel.dispose();
  }
}
