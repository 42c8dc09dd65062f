import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../web/build/precompress';
import { createTestApp, type TestContext } from './helpers';

const YEAR = 'public, max-age=31536000, immutable';
let ctx: TestContext;
const js = `export const texts = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `text number ${i}`))};\n`;
const html = `<!doctype html><html><head><title>Portal</title></head><body>${'<p>shell</p>'.repeat(200)}</body></html>`;
const sw = `self.addEventListener('fetch', () => {});\n${'// keep\n'.repeat(300)}`;

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), html);
  writeFileSync(join(dist, 'sw.js'), sw);
  writeFileSync(join(dist, 'assets/index-AbC123.js'), js);
  writeFileSync(join(dist, 'assets/tiny-AbC123.css'), 'a{color:red}');
  // The build step (a Vite plugin) writes .br/.gz beside the text files that are large enough.
  expect(precompressDir(dist)).toBe(3);
  ctx = await createTestApp({ env: { WEB_DIST: dist } });
});
afterAll(async () => ctx.close());

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

describe('built web app: pre-compressed and cached by kind', () => {
  it('hashed assets: brotli or gzip made at build time, immutable for a year', async () => {
    const br = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe(YEAR);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(js);
    expect(br.rawPayload.length).toBeLessThan(js.length / 3);

    const gz = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(js);

    const plain = await get('/assets/index-AbC123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);

    const tiny = await get('/assets/tiny-AbC123.css', { 'accept-encoding': 'br' });
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['cache-control']).toBe(YEAR);
  });

  it('index.html (also as the SPA fallback, with the settings filled in) and the service worker are revalidated every time', async () => {
    for (const url of ['/', '/orders/order', '/index.html']) {
      const res = await get(url, { accept: 'text/html', 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      const page = brotliDecompressSync(res.rawPayload).toString();
      expect(page, url).toContain('<title>Orda Cargo</title>');
      expect(page, url).toContain('<p>shell</p>'.repeat(200));
      expect(res.rawPayload.length).toBeLessThan(page.length / 10);
      const gz = await get(url, { accept: 'text/html', 'accept-encoding': 'gzip' });
      expect(gunzipSync(gz.rawPayload).toString(), url).toBe(page);
    }
    const worker = await get('/sw.js', { 'accept-encoding': 'gzip' });
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(worker.rawPayload).toString()).toBe(sw);
  });
});

describe('API answers', () => {
  it('JSON above 1 KiB is compressed (brotli preferred, gzip otherwise); small answers are not', async () => {
    const big = await get('/api/faqs', { 'accept-encoding': 'gzip, br' });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    const parsed = JSON.parse(brotliDecompressSync(big.rawPayload).toString());
    expect(parsed.data.length).toBeGreaterThan(0);
    expect(JSON.stringify(parsed).length).toBeGreaterThan(1024);

    const gz = await get('/api/faqs', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(parsed);

    const small = await get('/api/health', { 'accept-encoding': 'br' });
    expect(small.statusCode).toBe(200);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();

    const none = await get('/api/faqs');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.json()).toEqual(parsed);
  });
});
