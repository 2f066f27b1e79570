/** The "ISBN Lens" log channel. Request lines name method, path, status, time and ISBN count; never the key. */
import * as vscode from 'vscode';
import type { RequestRecord } from '../core/service/client';

export class Log implements vscode.Disposable {
  private readonly channel = vscode.window.createOutputChannel('ISBN Lens', { log: true });

  info(message: string): void {
    this.channel.info(message);
  }

  warn(message: string): void {
    this.channel.warn(message);
  }

  error(message: string, error?: unknown): void {
    // Only the message: a stack trace helps nobody reading this log, and payloads stay out.
    this.channel.error(error instanceof Error ? `${message}: ${error.message}` : message);
  }

  request(record: RequestRecord): void {
    const count = record.isbnCount !== undefined ? ` (${record.isbnCount} ISBN${record.isbnCount === 1 ? '' : 's'})` : '';
    const outcome = record.status !== undefined ? String(record.status) : record.error ? record.error.kind : '…';
    const line = `${record.method} ${record.path}${count} → ${outcome} in ${record.ms} ms`;
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
