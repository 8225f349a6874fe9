/** The page's files: content types, CSP, ETag revalidation, fonts from node_modules, nothing else. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTENT_SECURITY_POLICY, FONT_FILES, fontPath, PAGE_FILES, pageFiles, publicDir } from '../../src/service/assets.js';
import { FakeTagger } from '../../testkit/fake-tagger.js';
import { serve, type Running } from '../fixtures/service/http.js';

let srv: Running;
before(async () => { srv = await serve(new FakeTagger()); });
after(() => srv.close());

test('GET / serves the page with a same-origin-only Content-Security-Policy', async () => {
  const res = await fetch(`${srv.url}/`);
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
  assert.equal(res.headers.get('content-security-policy'), CONTENT_SECURITY_POLICY);
  assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
  const html = await res.text();
  assert.equal(html, readFileSync(join(publicDir(), 'index.html'), 'utf8'));
  assert.doesNotMatch(html, /https?:\/\//, 'the page names no other origin');
});

test('every file of the page is served with its type and names no other origin', async () => {
  assert.deepEqual(PAGE_FILES.map(({ file }) => file).sort(), readdirSync(publicDir()).sort(), 'each file in public/ is listed');
  assert.deepEqual(pageFiles('serve').map(({ name }) => name), [...new Set(pageFiles('serve').map(({ name }) => name))], 'one file a name');
  for (const { name, file, type } of pageFiles('serve')) {
    const path = `/${name}`;
    const res = await fetch(`${srv.url}${path}`);
    assert.equal(res.status, 200, path);
    assert.equal(res.headers.get('content-type'), type, path);
    assert.match(type, file.endsWith('.js') ? /^text\/javascript/ : file.endsWith('.css') ? /^text\/css/ : /^text\/html/);
    const body = await res.text();
    assert.equal(body, readFileSync(join(publicDir(), file), 'utf8'));
    assert.doesNotMatch(body, /https?:\/\//, path);
  }
});

test('ETag revalidation answers 304 without a body', async () => {
  const first = await fetch(`${srv.url}/app.js`);
  const etag = first.headers.get('etag');
  assert.ok(etag);
  const again = await fetch(`${srv.url}/app.js`, { headers: { 'if-none-match': etag } });
  assert.equal(again.status, 304);
  assert.equal((await again.arrayBuffer()).byteLength, 0);
  const stale = await fetch(`${srv.url}/app.js`, { headers: { 'if-none-match': '"other"' } });
  assert.equal(stale.status, 200);
});

test('the fonts named by style.css are served from the @fontsource package', async () => {
  const css = readFileSync(join(publicDir(), 'style.css'), 'utf8');
  const named = [...css.matchAll(/url\(fonts\/([^)]+)\)/g)].map((m) => m[1]);
  assert.deepEqual([...new Set(named)].sort(), [...FONT_FILES].sort());
  for (const file of FONT_FILES) {
    assert.match(fontPath(file), /node_modules[\\/]@fontsource[\\/]noto-naskh-arabic[\\/]files/);
    const res = await fetch(`${srv.url}/fonts/${file}`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'font/woff2');
    const bytes = Buffer.from(await res.arrayBuffer());
    assert.equal(bytes.subarray(0, 4).toString('latin1'), 'wOF2');
    assert.ok(bytes.equals(readFileSync(fontPath(file))));
  }
});

test('nothing outside the fixed file set is reachable', async () => {
  for (const path of ['/index.html', '/fonts/noto-naskh-arabic-latin-400-normal.woff2', '/fonts/..%2F..%2Fpackage.json',
    '/src/service/public/app.js', '/../package.json', '/fonts/']) {
    const res = await fetch(`${srv.url}${path}`);
    assert.equal(res.status, 404, path);
    const body = (await res.json()) as { error: { code: string } };
    assert.equal(body.error.code, 'NOT_FOUND', path);
  }
});

test('a bad font name is 404 NOT_FOUND, as docs/service.md says (not a 400)', async () => {
  for (const name of ['Bad_Name.woff2', 'x.ttf', 'a'.repeat(300), '%E2%9C%93.woff2', 'noto naskh.woff2']) {
    const res = await fetch(`${srv.url}/fonts/${name}`);
    assert.equal(res.status, 404, name);
    assert.equal(((await res.json()) as { error: { code: string } }).error.code, 'NOT_FOUND', name);
  }
});
