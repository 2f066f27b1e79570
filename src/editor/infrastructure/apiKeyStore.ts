/** An API key, kept only in VS Code's SecretStorage; other windows learn of changes through it. */
import * as vscode from 'vscode';

/** The book service's key. */
export const SECRET_NAME = 'isbnLens.apiKey';
/** The optional Google Books API key (sent only in X-Goog-Api-Key). */
export const GOOGLE_SECRET_NAME = 'isbnLens.googleBooksApiKey';

export class ApiKeyStore implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<void>();
  readonly onDidChange = this.emitter.event;
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly name: string = SECRET_NAME,
  ) {
    this.subscription = secrets.onDidChange((event) => {
      if (event.key === this.name) this.emitter.fire();
    });
  }

  async get(): Promise<string | undefined> {
    const key = (await this.secrets.get(this.name))?.trim();
    return key ? key : undefined;
  }

  async set(key: string): Promise<void> {
    await this.secrets.store(this.name, key.trim());
  }

  async clear(): Promise<void> {
    await this.secrets.delete(this.name);
  }

  dispose(): void {
    this.subscription.dispose();
    this.emitter.dispose();
  }
}
