/**
 * The chat's tools (language model tools: package.json `contributes.languageModelTools`),
 * registered at activation so that an agent can call them: each one loads what it does
 * (./chatTools.ts, behind the lazy boundary) on its first call. None writes into a document.
 */
import * as vscode from 'vscode';
import { CHAT_TOOLS } from '../../../core/chat/toolNames';
import type { ChatServices } from './chatTools';

export function registerChatTools(services: ChatServices): vscode.Disposable[] {
  return Object.values(CHAT_TOOLS).map((name) =>
    vscode.lm.registerTool<unknown>(name, {
      prepareInvocation: async ({ input }) => (await import('./chatTools')).prepare(name, input),
      invoke: async ({ input, tokenizationOptions }, token) => (await import('./chatTools')).invoke(name, services, input, token, tokenizationOptions?.tokenBudget),
    }),
  );
}
