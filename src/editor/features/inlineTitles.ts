/**
 * The short title after each ISBN whose book is in the look-up cache, as an
 * inlay hint (dimmed by the theme). Reads the cache only, never asks the
 * service; computes hints for the requested lines only; redraws, debounced,
 * when the cache or the setting changes.
 */
import * as vscode from 'vscode';
import { rangeOf } from '../infrastructure/documentIsbns';
import { Disposable } from '../../core/disposable';
import { ANNOTATION_START } from '../../core/formats/readingList/annotation';
import { inlineTitle } from '../../core/format/inlineTitle';
import { itemsInLines } from '../../core/scan/lineScan';
import type { Config } from '../infrastructure/config';
import type { IsbnIndex } from '../infrastructure/isbnIndex';
import type { LookupService } from '../infrastructure/lookupService';
import * as words from '../words/index';

export class InlineTitles extends Disposable implements vscode.InlayHintsProvider {
  private readonly emitter = this.register(new vscode.EventEmitter<void>());
  readonly onDidChangeInlayHints = this.emitter.event;

  constructor(
    private readonly index: IsbnIndex,
    private readonly service: LookupService,
    private readonly config: Config,
  ) {
    super();
    this.register(service.onDidChangeBooks(() => this.emitter.fire()));
    this.register(
      config.onDidChange((e) => {
        if (config.changed(e, 'inlineTitles.enabled')) this.emitter.fire();
      }),
    );
  }

  provideInlayHints(document: vscode.TextDocument, range: vscode.Range): vscode.InlayHint[] {
    if (!this.config.inlineTitlesEnabled(document)) return [];
    const hints: vscode.InlayHint[] = [];
    for (const item of itemsInLines(this.index.get(document), range.start.line, range.end.line)) {
      if (!item.info) continue;
      const cached = this.service.known(item.info.isbn13);
      if (cached?.status !== 'found') continue;
      // An annotated ISBN already shows its title in the text.
      const after = rangeOf(item).end;
      if (document.lineAt(after.line).text.startsWith(ANNOTATION_START, after.character)) continue;
      const hint = new vscode.InlayHint(after, inlineTitle(cached.book));
      hint.paddingLeft = true;
      hint.tooltip = words.inlineTitleTooltip(cached.book.title, words.authorNames(cached.book.authors, cached.book.authorsOmitted));
      hints.push(hint);
    }
    return hints;
  }
}
