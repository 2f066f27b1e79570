/** The API key, kept only in VS Code's SecretStorage; other windows learn of changes through it. */
import * as vscode from 'vscode';

const SECRET_NAME = 'isbnLens.apiKey';

export class ApiKeyStore implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<void>();
  readonly onDidChange = this.emitter.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly secrets: vscode.SecretStorage) {
    this.subscription = secrets.onDidChange((event) => {
      if (event.key === SECRET_NAME) this.emitter.fire();
    });
  }

  async get(): Promise<string | undefined> {
    const key = (await this.secrets.get(SECRET_NAME))?.trim();
    return key ? key : undefined;
  }

  async set(key: string): Promise<void> {
    await this.secrets.store(SECRET_NAME, key.trim());
  }

  async clear(): Promise<void> {
    await this.secrets.delete(SECRET_NAME);
  }

  dispose(): void {
    this.subscription.dispose();
    this.emitter.dispose();
  }
}
