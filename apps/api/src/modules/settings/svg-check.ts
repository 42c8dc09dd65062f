import { SaxesParser } from 'saxes';

/**
 * Whether an uploaded SVG is safe to serve as the site's logo. Refused, never rewritten: anything that is not
 * plain drawing — scripts, event handlers, foreignObject, animation, styles, CDATA, a DOCTYPE or entities,
 * processing instructions, links or references to anything outside the file (href other than "#id", url() other
 * than url(#id), javascript:/data: anywhere) — and anything that does not parse as one <svg> element.
 * Inside <metadata> only the RDF, Dublin Core and Creative Commons elements drawing programs write are allowed,
 * with the same attribute checks: a script there (in any namespace) runs as well as anywhere else.
 */
const ELEMENTS = new Set([
  'svg',
  'g',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'defs',
  'lineargradient',
  'radialgradient',
  'stop',
  'clippath',
  'mask',
  'title',
  'desc',
  'symbol',
  'use',
  'metadata',
]);
const SVG_NS = 'http://www.w3.org/2000/svg';
/** Namespaces of the metadata drawing programs (Inkscape, Illustrator's RDF) write: descriptions, never markup. */
const METADATA_NS = new Set([
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  'http://purl.org/dc/elements/1.1/',
  'http://purl.org/dc/terms/',
  'http://creativecommons.org/ns#',
  'http://web.resource.org/cc/',
]);
const HREF = /^(?:xlink:)?href$/i;
const URL_REF = /url\s*\(\s*(['"]?)\s*([^'")]*)\1\s*\)/gi;
const DANGEROUS = /javascript:|vbscript:|data:|@import|expression\s*\(/i;

export function svgProblem(bytes: Buffer): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return 'not_utf8';
  }
  const parser = new SaxesParser({ xmlns: true, position: false });
  let problem: string | null = null;
  let depth = 0;
  let roots = 0;
  let inMetadata = 0;
  const fail = (why: string) => {
    problem ??= why;
  };
  parser.on('doctype', () => fail('doctype'));
  parser.on('processinginstruction', () => fail('processing_instruction'));
  parser.on('opentag', (tag) => {
    if (depth === 0) {
      roots += 1;
      if (tag.local !== 'svg' || tag.uri !== SVG_NS) fail('not_svg');
    }
    depth += 1;
    const name = tag.local.toLowerCase();
    if (inMetadata) {
      inMetadata += 1;
      if (!METADATA_NS.has(tag.uri)) fail(`metadata_element:${tag.name}`);
    } else {
      if (name === 'metadata' && tag.uri === SVG_NS) inMetadata = 1;
      if (tag.uri !== SVG_NS || !ELEMENTS.has(name)) fail(`element:${tag.name}`);
    }
    for (const attr of Object.values(tag.attributes)) {
      const local = attr.local.toLowerCase();
      const value = attr.value;
      if (local.startsWith('on')) fail(`handler:${attr.name}`);
      if (local === 'style' && /url\s*\(/i.test(value.replace(/url\s*\(\s*['"]?#[^)]*\)/gi, ''))) fail('style_url');
      if (HREF.test(attr.name) || local === 'href') {
        if (!value.trim().startsWith('#')) fail('external_href');
      }
      // Browsers drop tabs and line breaks inside a URL's scheme (`java&#9;script:`): test without them.
      if (DANGEROUS.test(value) || DANGEROUS.test(value.replace(/\s/g, ''))) fail(`value:${attr.name}`);
      for (const match of value.matchAll(URL_REF)) if (!match[2]!.trim().startsWith('#')) fail('external_url');
    }
  });
  parser.on('closetag', () => {
    depth -= 1;
    if (inMetadata) inMetadata -= 1;
  });
  parser.on('text', (value) => {
    if (depth === 0 && value.trim()) fail('text_outside');
  });
  parser.on('cdata', () => fail('cdata'));
  try {
    parser.write(text).close();
  } catch {
    return problem ?? 'not_xml';
  }
  if (roots !== 1) fail('not_svg');
  return problem;
}

/** Whether the bytes look like an SVG at all (an XML or <svg> start), so they are checked as one. */
export function looksLikeSvg(bytes: Buffer): boolean {
  const start = bytes
    .subarray(0, 512)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return start.startsWith('<?xml') || start.startsWith('<svg') || start.startsWith('<!--') || start.startsWith('<!DOCTYPE');
}
