/**
 * The window's references in the user's citation style, made on first use: the hovers, Annotate
 * and the copy commands hold this slot; the processor's owner (infrastructure/references.ts) and
 * the hovers' line (referenceLine.ts) load across the lazy boundary only when a reference is first
 * wanted, so activation carries none of them.
 */
import type * as vscode from 'vscode';
import type { Config } from '../infrastructure/config';
import type { ReferenceLines } from './referenceLine';

export class ReferenceSlot implements vscode.Disposable {
  private made?: Promise<ReferenceLines>;

  constructor(private readonly config: Config) {}

  get(): Promise<ReferenceLines> {
    return (this.made ??= import('./referenceLine').then((m) => new m.ReferenceLines(this.config)));
  }

  dispose(): void {
    void this.made?.then((lines) => lines.dispose());
  }
}
