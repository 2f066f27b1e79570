/** The "ISBN Lens" log channel. Request lines name method, path, status, time and ISBN count; never the key. */
import * as vscode from 'vscode';
import type { RequestRecord } from '../../core/model/answers';
import { isServiceError } from '../../core/model/errors';

export class Log implements vscode.Disposable {
  private readonly channel = vscode.window.createOutputChannel('ISBN Lens', { log: true });

  info(message: string): void {
    this.channel.info(message);
  }

  warn(message: string): void {
    this.channel.warn(message);
  }

  /**
   * An expected failure (a `ServiceError`) is logged by its message; an unexpected error
   * keeps its stack here, the one place it helps. Users see only a plain message.
   */
  error(message: string, error?: unknown): void {
    if (error === undefined) return this.channel.error(message);
    const detail = isServiceError(error) ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error);
    this.channel.error(`${message}: ${detail}`);
  }

  request(record: RequestRecord): void {
    const count = record.isbnCount !== undefined ? ` (${record.isbnCount} ISBN${record.isbnCount === 1 ? '' : 's'})` : '';
    const outcome = record.status !== undefined ? String(record.status) : record.error ? record.error.kind : '…';
    const line = `${record.source ? `${record.source}: ` : ''}${record.method} ${record.path}${count} → ${outcome} in ${record.ms} ms`;
    if (record.error && record.error.kind !== 'cancelled' && record.error.kind !== 'notFound') this.warn(`${line}: ${record.error.message}`);
    else this.info(line);
  }

  show(): void {
    this.channel.show(true);
  }

  dispose(): void {
    this.channel.dispose();
  }
}
