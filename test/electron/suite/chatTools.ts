/**
 * The chat's tools (issue 41) in the real extension host: `vscode.lm.tools` lists the three, and
 * `vscode.lm.invokeTool` answers with the sandbox's books, without any chat model installed. The
 * sources are the sandbox's keyless ones (Open Library, then Google Books): no key is needed, and
 * each request is in the sandbox's keyless log. Run in both hosts (Node and the browser's worker).
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { type Check, eventually } from './runner';

const TOOLS = ['isbnLens_lookUpBooks', 'isbnLens_findBooks', 'isbnLens_checkReferences'];

interface KeylessSandbox {
  adminUrl: string;
  keyless: { urls: Record<'openLibrary' | 'openLibraryCovers' | 'googleBooks', string>; demo: Record<string, string> };
}

interface KeylessRequest {
  host: string;
  path: string;
  query: string;
  status: number;
}

/** The hyphenated form of a demo ISBN-13 (978-0-306-99002-1 for 9780306990021: Plenum Press's range). */
function plenum(isbn13: string): string {
  return `${isbn13.slice(0, 3)}-${isbn13[3]}-${isbn13.slice(4, 7)}-${isbn13.slice(7, 12)}-${isbn13[12]}`;
}

export function chatToolChecks(sandboxOf: () => KeylessSandbox): Check[] {
  const admin = async (path: string, body?: unknown): Promise<unknown> => {
    const response = await fetch(`${sandboxOf().adminUrl}${path}`, body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) });
    assert.equal(response.status, 200, `${path} of the sandbox admin`);
    return response.json();
  };
  const keylessLog = async (): Promise<KeylessRequest[]> => (await admin('/keyless/log')) as KeylessRequest[];
  const clearKeylessLog = () => admin('/keyless/log/clear', {});
  const demo = (name: string): string => {
    const isbn = sandboxOf().keyless.demo[name];
    assert.ok(isbn, `the sandbox has no keyless demo book "${name}"`);
    return isbn;
  };

  /** The tool's answer: its text part, and its JSON part read. */
  async function invoke(name: string, input: object, token?: vscode.CancellationToken): Promise<{ text: string; json: any }> {
    const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined }, token);
    const texts = result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : undefined));
    assert.equal(texts.length, 2, `${name} answers a text part and a JSON part: ${JSON.stringify(result.content)}`);
    assert.ok(texts.every((t) => typeof t === 'string'), `${name}'s parts are text parts`);
    return { text: texts[0]!, json: JSON.parse(texts[1]!) };
  }

  return [
    {
      name: 'vscode.lm.tools lists the three chat tools with their input schemas',
      run: async () => {
        const tools = await eventually(() => {
          const ours = vscode.lm.tools.filter((t) => t.name.startsWith('isbnLens_'));
          return ours.length === TOOLS.length ? ours : undefined;
        }, `vscode.lm.tools does not list ${TOOLS.join(', ')}; it lists: ${vscode.lm.tools.map((t) => t.name).join(', ') || 'nothing'}`);
        assert.deepEqual(tools.map((t) => t.name).sort(), [...TOOLS].sort());
        const byName = new Map(tools.map((t) => [t.name, t]));
        assert.deepEqual((byName.get('isbnLens_lookUpBooks')!.inputSchema as { required: string[] }).required, ['isbns']);
        assert.deepEqual(Object.keys((byName.get('isbnLens_findBooks')!.inputSchema as { properties: object }).properties), ['title', 'author', 'language', 'year']);
        assert.deepEqual((byName.get('isbnLens_checkReferences')!.inputSchema as { required: string[] }).required, ['references']);
        for (const tool of tools) {
          assert.ok(tool.tags.includes('isbn'), `${tool.name}'s tags: ${tool.tags.join(', ')}`);
          assert.ok(tool.description.length > 100, `${tool.name} has a model description`);
        }
        // The keyless sources of the sandbox, for the checks that follow (user settings: application-scoped).
        const { urls } = sandboxOf().keyless;
        const config = vscode.workspace.getConfiguration('isbnLens');
        await config.update('sourceUrls', { openLibrary: urls.openLibrary, openLibraryCovers: urls.openLibraryCovers, googleBooks: urls.googleBooks }, vscode.ConfigurationTarget.Global);
        await config.update('sources', ['openLibrary', 'googleBooks'], vscode.ConfigurationTarget.Global);
        return tools.map((t) => t.name).join(', ');
      },
    },
    {
      name: "isbnLens_findBooks finds a work by title and author through Open Library's search, with its editions and ISBNs",
      run: async () => {
        await clearKeylessLog();
        // The sandbox's work of five editions in five languages (test/sandbox/keyless/works.ts).
        const { text, json } = await invoke('isbnLens_findBooks', { title: 'The Periodic Table', author: 'Primo Levi' });
        const found = json as { available: boolean; works: Array<{ title: string; authors: string[]; editionCount?: number; editions: Array<{ isbn13?: string; language?: string }> }> };
        assert.equal(found.available, true);
        const [work] = found.works;
        assert.ok(work, `no work found: ${text}`);
        assert.equal(work.title, 'The Periodic Table');
        assert.deepEqual(work.authors, ['Primo Levi']);
        assert.equal(work.editionCount, 5);
        assert.equal(work.editions.length, 5);
        assert.ok(work.editions.every((e) => e.isbn13 && /^97[89]\d{10}$/.test(e.isbn13)), JSON.stringify(work.editions));
        assert.equal(work.editions[0]?.language, 'en', "the display language's editions first");
        assert.match(text, /^1 work found for title “The Periodic Table”, author “Primo Levi”:\n- “The Periodic Table” by Primo Levi/);
        const log = await keylessLog();
        assert.ok(log.some((r) => r.host === 'openLibrary' && r.path === '/search.json'), 'Open Library\'s search was not asked');
        assert.ok(!log.some((r) => r.host === 'googleBooks'), 'Google Books was asked although Open Library found the work');
        return `${work.editions.length} editions, ${log.length} requests`;
      },
    },
    {
      name: 'a cancelled isbnLens_lookUpBooks stops its requests: the slow first source is aborted and the next is never asked',
      timeoutMs: 40_000,
      run: async () => {
        await clearKeylessLog();
        // Open Library holds its answer back 4 s; without the cancellation Google Books would then be asked for both ISBNs.
        await admin('/keyless/faults', { match: { host: 'openLibrary', pathPrefix: '/api/books' }, delayMs: 4000 });
        const asked = [demo('keylessBoth'), demo('lateImport')];
        const cancel = new vscode.CancellationTokenSource();
        const started = Date.now();
        const answer = invoke('isbnLens_lookUpBooks', { isbns: asked }, cancel.token);
        answer.catch(() => undefined);
        const first = await eventually(async () => (await keylessLog()).find((r) => r.host === 'openLibrary'), 'Open Library was not asked', 15_000, 50);
        assert.match(decodeURIComponent(first.query), new RegExp(asked[0]!));
        cancel.cancel();
        let error: Error | undefined;
        try {
          await answer;
        } catch (e) {
          error = e as Error;
        }
        assert.ok(error, 'the cancelled invocation answered');
        assert.ok(error instanceof vscode.CancellationError || /cancel/i.test(error.message), `the invocation failed otherwise than cancelled: ${error.message}`);
        const cancelledAfter = Date.now() - started;
        // Past the held answer and the time Google Books would have taken: nothing more was sent.
        await new Promise((resolve) => setTimeout(resolve, 6000));
        const log = await keylessLog();
        assert.deepEqual(
          log.map((r) => `${r.host} ${r.path}`),
          ['openLibrary /api/books'],
          'after the cancellation the sandbox received further requests',
        );
        await admin('/keyless/faults/clear', {});
        cancel.dispose();
        return `cancelled ${cancelledAfter} ms after the call; 6 s later the sandbox had seen only the first request`;
      },
    },
    {
      name: 'isbnLens_lookUpBooks answers the sandbox\'s books with their sources, an invalid ISBN with the likely one, an unknown one as not found',
      timeoutMs: 60_000,
      run: async () => {
        await clearKeylessLog();
        const input = { isbns: ['978-0-13-110362-7', plenum(demo('googleBooksOnly')), '978-0-13-110362-8', demo('unknown')] };
        const { text, json } = await invoke('isbnLens_lookUpBooks', input);
        const [kr, google, typo, unknown] = json.results;
        assert.equal(kr.status, 'found', text);
        assert.equal(kr.book.title, 'The C Programming Language');
        assert.deepEqual(kr.book.authors, ['Brian W. Kernighan', 'Dennis M. Ritchie']);
        assert.equal(kr.book.publisher, 'Prentice Hall');
        assert.equal(kr.book.year, 1988);
        assert.equal(kr.book.isbn10, '0-13-110362-8');
        assert.equal(kr.book.sources.title, 'Open Library');
        assert.equal(google.status, 'found', text);
        assert.equal(google.book.title, 'Searching the Stacks');
        assert.equal(google.book.sources.title, 'Google Books');
        assert.deepEqual(typo, { input: '978-0-13-110362-8', status: 'invalid', reason: 'the check digit does not match', likelyIntended: ['978-0-13-110362-7'] });
        assert.equal(unknown.status, 'notFound', text);
        assert.deepEqual(unknown.asked, ['Open Library', 'Google Books']);
        const lines = text.split('\n');
        assert.equal(lines.length, 4);
        assert.match(lines[0]!, /^ISBN 978-0-13-110362-7: “The C Programming Language” by Brian W\. Kernighan, Dennis M\. Ritchie; Prentice Hall, 1988;/);
        assert.match(lines[2]!, /^ISBN 978-0-13-110362-8: not a valid ISBN: the check digit does not match; likely intended: 978-0-13-110362-7\./);
        assert.match(lines[3]!, /no book with this ISBN in Open Library, Google Books/);
        const sent = await keylessLog();
        assert.ok(sent.some((r) => r.host === 'openLibrary') && sent.some((r) => r.host === 'googleBooks'), `asked: ${sent.map((r) => r.host).join(', ')}`);
        // The same cache as the hovers: asked again, nothing is sent.
        await clearKeylessLog();
        const again = await invoke('isbnLens_lookUpBooks', { isbns: ['9780131103627'] });
        assert.equal(again.json.results[0].book.title, 'The C Programming Language');
        assert.deepEqual(await keylessLog(), [], 'a book in the cache was asked again');
        return `${sent.length} requests; the second call answered from the cache`;
      },
    },
    {
      name: 'isbnLens_checkReferences gives each ISBN of BibTeX references the verdict of Check Bibliography with its book',
      timeoutMs: 60_000,
      run: async () => {
        const references = [
          '@book{kr, title = {The {C} Programming Language}, author = {Kernighan, Brian W. and Ritchie, Dennis M.}, year = 1988, isbn = {978-0-13-110362-7}}',
          '@book{edition, title = {The C Programming Language}, author = {Kernighan, Brian W.}, year = 1978, isbn = {9780131103627}}',
          `@book{swapped, title = {A History of Reading}, author = {Manguel, Alberto}, isbn = {${demo('openLibraryOnly')}}}`,
          `@book{invented, title = {An Invented Book}, author = {Nobody, A.}, isbn = {${demo('unknown')}}}`,
          '@book{typo, title = {The C Programming Language}, isbn = {978-0-13-110362-8}}',
        ].join('\n');
        const { text, json } = await invoke('isbnLens_checkReferences', { references });
        assert.equal(json.format, 'BibTeX');
        assert.deepEqual(
          json.results.map((r: { entry: string; verdict: string }) => `${r.entry}: ${r.verdict}`),
          ['kr: agrees', 'edition: other-edition', 'swapped: other-book', 'invented: unknown-isbn', 'typo: invalid'],
          text,
        );
        const [kr, edition, swapped, , typo] = json.results;
        assert.equal(kr.book.title, 'The C Programming Language');
        assert.deepEqual(edition.differences, [{ field: 'year', written: '1978', record: '1988' }]);
        assert.equal(swapped.book.title, 'The Open Shelf');
        assert.deepEqual(swapped.book.authors, ['Ada Whitlock']);
        assert.deepEqual(typo.likelyIntended, ['978-0-13-110362-7']);
        assert.match(text.split('\n')[0]!, /^Read 5 entries as BibTeX; 5 ISBNs: 1 agrees, 1 other-book, 1 other-edition, 1 unknown-isbn, 1 invalid\.$/);
        return text.split('\n')[0];
      },
    },
    {
      name: 'the chat checks leave the user settings as they found them',
      run: async () => {
        const config = vscode.workspace.getConfiguration('isbnLens');
        await config.update('sources', undefined, vscode.ConfigurationTarget.Global);
        await config.update('sourceUrls', undefined, vscode.ConfigurationTarget.Global);
        assert.equal(vscode.workspace.getConfiguration('isbnLens').inspect('sources')?.globalValue, undefined);
      },
    },
  ];
}
