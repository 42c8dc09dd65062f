import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { svgProblem } from '../src/modules/settings/svg-check';
import { createTestApp, login, DEMO, type TestContext } from './helpers';
import { upload } from './manage-helpers';

const RDF = 'xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"';
const NS = `xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ${RDF}`;
const SVG = (inner: string, prolog = '') =>
  Buffer.from(`<?xml version="1.0"?>\n${prolog}<svg ${NS} viewBox="0 0 10 10"><circle r="2"/>${inner}</svg>`);

/** What Inkscape's "plain SVG" writes: a drawing with RDF metadata (Creative Commons, Dublin Core). */
const INKSCAPE_METADATA = `<metadata><rdf:RDF><cc:Work xmlns:cc="http://creativecommons.org/ns#" rdf:about=""
  xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:format>image/svg+xml</dc:format>
  <dc:type rdf:resource="http://purl.org/dc/dcmitype/StillImage"/><dc:title>Orda &amp; Co</dc:title></cc:Work></rdf:RDF></metadata>`;

/** Ways of getting a script (or a script-bearing link) past a checker, each refused. */
const BYPASSES: [string, Buffer][] = [
  ['script inside metadata', SVG('<metadata><script>alert(1)</script></metadata>')],
  [
    'script deep in RDF inside metadata',
    SVG('<metadata><rdf:RDF><rdf:Description><script>alert(1)</script></rdf:Description></rdf:RDF></metadata>'),
  ],
  ['CDATA inside metadata', SVG('<metadata><![CDATA[<script>alert(1)</script>]]></metadata>')],
  ['CDATA in a drawing element', SVG('<text><![CDATA[x]]></text>')],
  ['XHTML script by prefix in metadata', SVG('<metadata><h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script></metadata>')],
  ['XHTML script by default namespace', SVG('<script xmlns="http://www.w3.org/1999/xhtml">alert(1)</script>')],
  ['SVG script by another prefix', SVG('<s:script xmlns:s="http://www.w3.org/2000/svg">alert(1)</s:script>')],
  ['SVG script by prefix in metadata', SVG('<metadata><s:script xmlns:s="http://www.w3.org/2000/svg">alert(1)</s:script></metadata>')],
  [
    'foreignObject inside metadata',
    SVG('<metadata><foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:alert(1)"/></foreignObject></metadata>'),
  ],
  ['animation inside metadata', SVG('<metadata><set attributeName="href" to="javascript:alert(1)"/></metadata>')],
  [
    'xlink:href javascript: in metadata',
    SVG('<metadata><rdf:RDF><rdf:Description xlink:href="javascript:alert(1)"/></rdf:RDF></metadata>'),
  ],
  ['handler in metadata', SVG('<metadata><rdf:RDF onload="alert(1)"/></metadata>')],
  ['xlink:href javascript: on use', SVG('<use xlink:href="javascript:alert(1)"/>')],
  ['javascript: spelt with character references', SVG('<use href="&#x6A;ava&#115;cript:alert(1)"/>')],
  ['javascript: with a tab inside', SVG('<rect width="1" height="1" fill="java&#9;script:alert(1)"/>')],
  ['url() to javascript: by reference', SVG('<rect width="1" height="1" fill="url(&#106;avascript:alert(1))"/>')],
  ['an internal entity holding a script', SVG('<metadata>&s;</metadata>', '<!DOCTYPE svg [<!ENTITY s "<script>alert(1)</script>">]>')],
  ['an undeclared entity', SVG('<metadata>&s;</metadata>')],
  ['an external entity', SVG('<title>&x;</title>', '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>')],
  ['a stylesheet processing instruction', SVG('', '<?xml-stylesheet href="javascript:alert(1)"?>')],
  [
    'a metadata element out of the SVG namespace hiding a script',
    SVG('<m:metadata xmlns:m="urn:x"><script>alert(1)</script></m:metadata>'),
  ],
];

describe('SVG logo checker (issue 30, finding 2)', () => {
  it.each(BYPASSES)('refuses %s', (_name, bytes) => {
    expect(svgProblem(bytes)).not.toBeNull();
  });

  it('still takes a drawing with the metadata drawing programs write, and text that only looks like markup', () => {
    expect(svgProblem(SVG(INKSCAPE_METADATA))).toBeNull();
    expect(svgProblem(SVG('<metadata>&lt;script&gt;alert(1)&lt;/script&gt;</metadata><title>a &lt;b&gt;</title>'))).toBeNull();
  });
});

describe('logo upload with a script in its metadata', () => {
  let ctx: TestContext;
  let admin: string;
  const dataDir = mkdtempSync(join(tmpdir(), 'svg-check-'));
  beforeAll(async () => {
    ctx = await createTestApp({ env: { DATA_DIR: dataDir } });
    admin = (await login(ctx.app, DEMO.admin)).token;
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 422 svg_unsafe in the caller language, and a plain one with Inkscape metadata is taken', async () => {
    const bytes = SVG('<metadata><script>alert(1)</script></metadata>');
    for (const [lang, text] of [
      ['ru', /есть скрипты/],
      ['kk', /ішінде скрипттер/],
      ['en', /has scripts/],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/settings/logo',
        headers: { authorization: `Bearer ${admin}`, 'accept-language': lang, ...form(bytes).headers },
        payload: form(bytes).payload,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'svg_unsafe', message: expect.stringMatching(text) });
    }
    const ok = await upload(ctx, '/admin/settings/logo', admin, [
      { field: 'image', name: 'logo.svg', type: 'image/svg+xml', bytes: SVG(INKSCAPE_METADATA) },
    ]);
    expect(ok.status).toBe(201);
  });
});

function form(bytes: Buffer) {
  const boundary = '----svg';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="logo.svg"\r\nContent-Type: image/svg+xml\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
