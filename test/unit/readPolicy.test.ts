/**
 * Issue 24 (7, 8, 9): what is read as a bibliography, on a real folder: FIFOs, devices, folders,
 * names without a bibliography extension, files outside the workspace and symbolic links out of
 * it in Restricted Mode, large files, and JSON that is not CSL (only its first bytes are read).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdir, open, realpath, stat, symlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { BIBLIOGRAPHY_GLOB } from '../../src/core/formats/recognition';
import { type BibliographyFileAccess, CSL_HEAD_BYTES, MAX_BIBLIOGRAPHY_BYTES, type ReadScope, readBibliographyFile } from '../../src/core/bibliography/readPolicy';
import { withDir } from '../helpers/tempDir';

/** Node's file system as the policy sees it, with every call recorded. */
function nodeAccess(open_: Record<string, string> = {}) {
  const calls: string[] = [];
  const access: BibliographyFileAccess<string> = {
    location: (path) => `file://${path}`,
    openText: (path) => open_[path],
    async stat(path) {
      calls.push(`stat ${path}`);
      try {
        const s = await stat(path);
        return { kind: s.isFile() ? 'file' : s.isDirectory() ? 'directory' : 'other', size: s.size };
      } catch {
        return undefined;
      }
    },
    async realLocation(path) {
      try {
        return `file://${await realpath(path)}`;
      } catch {
        return undefined;
      }
    },
    async readHead(path, bytes) {
      calls.push(`head ${path} ${bytes}`);
      const file = await open(path, 'r');
      try {
        const buffer = Buffer.alloc(bytes);
        const { bytesRead } = await file.read(buffer, 0, bytes, 0);
        return buffer.subarray(0, bytesRead).toString('utf8');
      } finally {
        await file.close();
      }
    },
    async readText(path) {
      calls.push(`read ${path}`);
      const file = await open(path, 'r');
      try {
        return (await file.readFile()).toString('utf8');
      } finally {
        await file.close();
      }
    },
  };
  return { access, calls };
}

const trusted: ReadScope = { trusted: true, folders: [], realFolders: [] };
async function restricted(folder: string): Promise<ReadScope> {
  return { trusted: false, folders: [`file://${folder}`], realFolders: [`file://${await realpath(folder)}`] };
}
const ENTRY = '@book{kr, title = {The C Programming Language}}\n';

test('a FIFO or a device named as a bibliography is never opened; a folder neither', async () => {
  await withDir(async (dir) => {
    const fifo = join(dir, 'refs.bib');
    execFileSync('mkfifo', [fifo]);
    await mkdir(join(dir, 'folder.bib'));
    const { access, calls } = nodeAccess();
    // Reading the FIFO would never return: the test would time out instead of failing.
    assert.deepEqual(await readBibliographyFile(fifo, trusted, access), { refused: 'notARegularFile', folder: false });
    await symlink('/dev/zero', join(dir, 'zero.bib'));
    const zero = await readBibliographyFile(join(dir, 'zero.bib'), trusted, access);
    assert.equal('refused' in zero && zero.refused, 'notARegularFile', 'a link to /dev/zero: its 2 GiB are never read');
    assert.deepEqual(await readBibliographyFile(join(dir, 'folder.bib'), trusted, access), { refused: 'notARegularFile', folder: true });
    assert.deepEqual(calls.filter((c) => !c.startsWith('stat')), [], 'nothing but stat');
  });
});

test('/dev/zero and names without a bibliography extension are never read, not even asked about', async () => {
  const { access, calls } = nodeAccess();
  for (const path of ['/dev/zero', '/etc/passwd', '/etc/hosts.txt', '/tmp/refs']) {
    const reading = await readBibliographyFile(path, trusted, access);
    assert.equal('refused' in reading && reading.refused, 'notABibliographyName', path);
  }
  assert.deepEqual(calls, []);
  assert.equal(BIBLIOGRAPHY_GLOB, '**/*.{bib,bibtex,json,yaml,yml,ris}', 'the watcher and the search see .bibtex files too');
});

test('a trusted workspace reads a named library outside its folder; Restricted Mode reads nothing outside, symbolic links included', async () => {
  await withDir(async (dir) => {
    const workspace = join(dir, 'workspace');
    const outside = join(dir, 'outside');
    await mkdir(workspace);
    await mkdir(outside);
    await writeFile(join(outside, 'secret.bib'), ENTRY);
    await writeFile(join(workspace, 'refs.bib'), ENTRY);
    await symlink(join(outside, 'secret.bib'), join(workspace, 'link.bib'));
    await symlink(outside, join(workspace, 'linked-folder'));
    const { access, calls } = nodeAccess();
    const scope = await restricted(workspace);
    const secret = resolve(workspace, '../outside/secret.bib');
    assert.deepEqual(await readBibliographyFile(secret, trusted, access), { text: ENTRY, format: 'bibtex' });
    calls.length = 0;
    for (const path of [secret, join(workspace, 'link.bib'), join(workspace, 'linked-folder', 'secret.bib')]) {
      const reading = await readBibliographyFile(path, scope, access);
      assert.equal('refused' in reading && reading.refused, 'outsideTheWorkspace', path);
    }
    assert.deepEqual(calls, [], 'nothing outside is even asked about');
    assert.deepEqual(await readBibliographyFile(join(workspace, 'refs.bib'), scope, access), { text: ENTRY, format: 'bibtex' });
    // A folder whose name only begins like the workspace's is not inside it.
    await mkdir(`${workspace}-other`);
    await writeFile(join(`${workspace}-other`, 'refs.bib'), ENTRY);
    const sibling = await readBibliographyFile(join(`${workspace}-other`, 'refs.bib'), scope, access);
    assert.equal('refused' in sibling && sibling.refused, 'outsideTheWorkspace');
  });
});

test('JSON and YAML that are not CSL are recognised from their first bytes, never read whole', async () => {
  await withDir(async (dir) => {
    const data = join(dir, 'data.json');
    // 2 MB of data that is not CSL (the case is 48 MB).
    await writeFile(data, JSON.stringify({ rows: Array.from({ length: 100_000 }, (_, i) => ({ i, v: 'x' })) }));
    const csl = join(dir, 'items.json');
    await writeFile(csl, JSON.stringify([{ id: 'kr', type: 'book', title: 'C' }], null, 2));
    const ci = join(dir, 'ci.yml');
    await writeFile(ci, 'on:\n  push:\njobs:\n  build:\n    runs-on: x\n');
    const { access, calls } = nodeAccess();
    assert.deepEqual(await readBibliographyFile(data, trusted, access), { refused: 'notCsl' });
    assert.deepEqual(await readBibliographyFile(ci, trusted, access), { refused: 'notCsl' });
    const items = await readBibliographyFile(csl, trusted, access);
    assert.equal('format' in items && items.format, 'csl-json');
    assert.deepEqual(calls.filter((c) => c.startsWith('read')), [`read ${csl}`], 'only the CSL file is read whole');
    assert.ok(calls.includes(`head ${data} ${CSL_HEAD_BYTES}`));
  });
});

test('a file larger than the cap is not read; the cap is above a 50,000-entry library', async () => {
  await withDir(async (dir) => {
    const big = join(dir, 'big.bib');
    const file = await open(big, 'w');
    await file.truncate(MAX_BIBLIOGRAPHY_BYTES + 1); // sparse: no disk used
    await file.close();
    const { access, calls } = nodeAccess();
    const reading = await readBibliographyFile(big, trusted, access);
    assert.equal('refused' in reading && reading.refused, 'tooLarge');
    assert.deepEqual(calls, [`stat ${big}`]);
    assert.ok(MAX_BIBLIOGRAPHY_BYTES >= 2 * 50 * 1024 * 1024);
  });
});

test('an open document is taken as it is, but Restricted Mode still refuses one outside the workspace', async () => {
  await withDir(async (dir) => {
    const inside = join(dir, 'refs.bib');
    const { access, calls } = nodeAccess({ [inside]: ENTRY, '/elsewhere/refs.bib': ENTRY });
    assert.deepEqual(await readBibliographyFile(inside, await restricted(dir), access), { text: ENTRY, format: 'bibtex' });
    const outside = await readBibliographyFile('/elsewhere/refs.bib', await restricted(dir), access);
    assert.equal('refused' in outside && outside.refused, 'outsideTheWorkspace');
    assert.deepEqual(calls, []);
  });
});
