import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RUNTIME_MARKERS, runtimeProblems } from './bundle-size.mjs';

const dists: string[] = [];
afterEach(() => {
  for (const dist of dists.splice(0)) rmSync(dist, { recursive: true, force: true });
});

/** A built app's assets folder holding these scripts. */
function dist(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'portal-runtime-'));
  dists.push(dir);
  mkdirSync(join(dir, 'assets'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, 'assets', name), text);
  return dir;
}

const require = createRequire(import.meta.url);
/** A file of an installed package (their exports do not list the cjs folder). */
const published = (file: string) => {
  const [name, ...rest] = file.split('/');
  return readFileSync(join(dirname(require.resolve(`${name}/package.json`)), ...rest), 'utf8');
};

describe("the build's runtime (ADR 070)", () => {
  it("finds react-dom's production build by its markers, and React's development builds by theirs", () => {
    expect(published('react-dom/cjs/react-dom-client.production.js')).toContain(RUNTIME_MARKERS.production);
    for (const file of ['react-dom/cjs/react-dom-client.development.js', 'react/cjs/react-jsx-runtime.development.js']) {
      const text = published(file);
      expect(text).not.toContain(RUNTIME_MARKERS.production);
      expect(RUNTIME_MARKERS.development.some((marker) => text.includes(marker))).toBe(true);
    }
  });

  it("passes React's production runtime and refuses a build without it, with its development runtime or with Preact", () => {
    const production = published('react-dom/cjs/react-dom-client.production.js');
    expect(runtimeProblems(dist({ 'index-a.js': production, 'page-a.js': 'export const a = 1;' }))).toEqual([]);
    expect(runtimeProblems(dist({ 'index-a.js': 'export const a = 1;' }))).toEqual(["react-dom's production build is in no built file"]);
    const development = runtimeProblems(
      dist({ 'index-a.js': production, 'jsx-a.js': published('react/cjs/react-jsx-runtime.development.js') }),
    );
    expect(development).toEqual(["jsx-a.js holds React's development runtime (react-stack-top-frame)"]);
    // preact/compat as rolldown leaves it in a minified chunk (the markers survive, Preact's name does not).
    const compat = 'var bt=/^(?:accent|alignment|arabic|baseline|cap)[A-Z]/;l==`ondoubleclick`?a=`ondblclick`:0;';
    expect(runtimeProblems(dist({ 'index-a.js': production, 'compat-a.js': compat }))).toEqual([
      'compat-a.js holds Preact (/^(?:accent|alignment|arabic|)',
    ]);
  });
});
