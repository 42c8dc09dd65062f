import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../src/app';
import { createTestApp, type TestContext } from './helpers';

// The web app's index.html applies the stored theme and language inline, before its first paint (no script file to
// wait for); the CSP allows exactly that script by its hash, and no other inline script.
const boot = "\n      (function () { document.documentElement.dataset.theme = 'dark'; })();\n    ";
const html = `<!doctype html><html><head><script>${boot}</script><script type="module" src="/assets/index-x.js"></script></head><body></body></html>`;
const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

let ctx: TestContext;
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'web-dist-csp-'));
  writeFileSync(join(dist, 'index.html'), html);
  ctx = await createTestApp({ env: { WEB_DIST: dist } });
});
afterAll(async () => ctx.close());

describe('CSP and the inline script of index.html', () => {
  it('script-src allows self and the built page’s inline script by its sha256, nothing else inline', async () => {
    for (const url of ['/', '/auth', '/api/health']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1];
      expect(scriptSrc, url).toBe(`'self' ${sha(boot)}`);
    }
  });

  it('hashes the text between the tags exactly, skips scripts with src and empty ones', () => {
    expect(inlineScriptHashes(html)).toEqual([sha(boot)]);
    expect(inlineScriptHashes('<script src="/a.js"></script><script>  </script>')).toEqual([]);
    expect(inlineScriptHashes('<script>a()</script><SCRIPT type="module">b()</SCRIPT><script>a()</script>')).toEqual([
      sha('a()'),
      sha('b()'),
    ]);
    expect(inlineScriptHashes('')).toEqual([]);
  });
});
