// The console's vendored files are exactly the ones pb_public/console/vendor/VENDORED.md names:
// every file there is listed with its SHA-256, and every listed hash matches.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { test } from 'node:test';

const vendor = new URL('../../../pb_public/console/vendor/', import.meta.url);

test('VENDORED.md lists every vendored script with its version and SHA-256', async () => {
  const doc = await readFile(new URL('VENDORED.md', vendor), 'utf8');
  const rows = [...doc.matchAll(/^\| `([^`]+)` \| .+? \| (\d+\.\d+\.\d+) \| .+ \| `([0-9a-f]{64})` \|$/gm)]
    .map(([, file, version, sha]) => ({ file, version, sha }));
  const scripts = (await readdir(vendor)).filter((f) => /\.(m?js)$/.test(f)).sort();
  assert.deepEqual(rows.map((r) => r.file).sort(), scripts);
  for (const { file, sha } of rows) {
    const got = createHash('sha256').update(await readFile(new URL(file, vendor))).digest('hex');
    assert.equal(got, sha, `${file} differs from the hash in VENDORED.md`);
  }
});
