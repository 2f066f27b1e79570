/** The input box in which "Look Up ISBN" and "Insert BibTeX Entry for ISBN" take an ISBN. */
import * as vscode from 'vscode';
import { whyNotValid } from '../../../core/diagnostics/isbnProblems';
import { type IsbnInfo, classifyNormalized, normalizeIsbn, suggestCorrections } from '../../../core/isbn/parse';
import * as words from '../../words/index';
import * as commandWords from '../../words/commands';

/** Asks for an ISBN, saying as it is typed what is wrong with it; the valid ISBN, or undefined. */
export async function askIsbn(title: string, initial: string): Promise<IsbnInfo | undefined> {
  const input = await vscode.window.showInputBox({
    title,
    prompt: commandWords.isbnCommands.prompt(),
    value: initial,
    ignoreFocusOut: true,
    validateInput: (value) => (value.trim() === '' ? undefined : whyNotAnIsbn(value)),
  });
  if (!input?.trim()) return undefined;
  const verdict = classifyNormalized(normalizeIsbn(input));
  return verdict.valid ? verdict.info : undefined;
}

export function whyNotAnIsbn(value: string): string | undefined {
  if (/[^0-9Xx\s-]/.test(value.replace(/^\s*isbn(?:-1[03])?:?/i, ''))) return commandWords.isbnCommands.notIsbnCharacters();
  const normalized = normalizeIsbn(value);
  const verdict = classifyNormalized(normalized);
  if (verdict.valid) return undefined;
  const why = whyNotValid(verdict.problem, normalized);
  const suggestion = verdict.problem === 'checksum' ? suggestCorrections(normalized)[0] : undefined;
  return commandWords.isbnCommands.notValid(words.invalidReason(why), suggestion);
}
