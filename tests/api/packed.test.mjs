// Text packed for a link (www/lib/packed.js), against node's own zlib and
// Buffer's base64url: what the page packs, node reads, and the other way.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { fromBase64Url, packText, toBase64Url, unpackText } from '../../www/lib/packed.js';

const TEXTS = ['', 'a', 'function solve(n, board) {\n  board.found();\n}\n', 'é ∑ 𝄞 — queens ♛'.repeat(50), 'x'.repeat(70_000)];

test('packed text is raw DEFLATE in base64url without padding, as node writes and reads it', async () => {
  for (const text of TEXTS) {
    const packed = await packText(text);
    assert.match(packed, /^[A-Za-z0-9_-]*$/, 'base64url letters, no padding');
    assert.equal(zlib.inflateRawSync(Buffer.from(packed, 'base64url')).toString('utf8'), text, 'node unpacks what the page packed');
    const byNode = zlib.deflateRawSync(Buffer.from(text, 'utf8')).toString('base64url');
    assert.deepEqual(await unpackText(byNode), { text }, 'the page unpacks what node packed');
  }
});

test('base64url both ways, against Buffer', () => {
  for (let length = 0; length < 40; length++) {
    const bytes = Uint8Array.from({ length }, (_, i) => (i * 97 + length * 31) % 256);
    const text = toBase64Url(bytes);
    assert.equal(text, Buffer.from(bytes).toString('base64url'));
    assert.deepEqual(fromBase64Url(text), bytes);
  }
  for (const bad of ['a+b', 'ab=', 'a', 'abcde', 'ab cd']) assert.equal(fromBase64Url(bad), null, bad);
});

test('what is wrong with a packed value is named: not base64url, not DEFLATE, too big, not UTF-8', async () => {
  assert.deepEqual(await unpackText('not*base64'), { wrong: 'base64url' });
  assert.deepEqual(await unpackText('AAAA'), { wrong: 'deflate' });
  const cut = zlib.deflateRawSync(Buffer.from('y'.repeat(5000))).toString('base64url');
  assert.deepEqual(await unpackText(cut.slice(0, cut.length - 4)), { wrong: 'deflate' }, 'cut short');
  // A small value that unpacks to a lot stops at the limit.
  const bomb = zlib.deflateRawSync(Buffer.alloc(10_000_000)).toString('base64url');
  assert.ok(bomb.length < 20_000);
  assert.deepEqual(await unpackText(bomb, 1_000_000), { wrong: 'size' });
  assert.deepEqual(await unpackText(zlib.deflateRawSync(Buffer.from([0xff, 0xfe, 0x80])).toString('base64url')), { wrong: 'utf8' });
});
