import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isPublicAddress, publicOnlyLookup } from '../../src/core/host/node/publicAddress';

test('loopback, private, link-local, metadata, CGNAT, multicast and documentation addresses are not public', () => {
  for (const address of [
    '127.0.0.1', '127.255.0.9', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254',
    '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '192.0.2.10', '198.18.0.1',
    '::1', '::', 'fe80::1', 'fd00::1', 'fc12::9', 'ff02::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:a9fe:a9fe',
    '[::1]', '2001:db8::1', 'not-an-ip', 'localhost',
  ]) {
    assert.equal(isPublicAddress(address), false, address);
  }
});

test('ordinary internet addresses are public', () => {
  for (const address of ['8.8.8.8', '151.101.1.69', '172.32.0.1', '192.169.0.1', '2606:4700::6810:85e5', '::ffff:8.8.8.8', '2a00:1450:4001:82a::200e']) {
    assert.equal(isPublicAddress(address), true, address);
  }
});

test('the lookup refuses a name that resolves to loopback', async () => {
  const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
    publicOnlyLookup('localhost', {}, (e) => resolve(e)),
  );
  assert.equal(error?.code, 'ENOTPUBLIC');
});
