import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * What the image installs (`npm ci --omit=dev --workspace apps/api`) is the attack surface and the install time of
 * every deploy: issue 31 brought it from 389 packages to ~205 by replacing exceljs (197 packages, no release since
 * 4.4.0) with read-excel-file and write-excel-file. A new dependency that drags in a tree of its own fails here
 * and has to earn its place (raise the cap in the same commit, saying why). Issue 32's receipt PDF added pdfkit
 * (+16: fontkit embeds a subset of the bundled Noto Sans so Kazakh letters and ₸ render; pdf-lib, the lighter one, has
 * had no release since 2021), 203 → 219.
 */
// +1 with @aws-sdk/s3-request-presigner (ADR 097: photos from the store by presigned links, never through the API).
// +1 with dataloader (issue 33: a burst's reads of payment requests coalesced, lib/coalesce.ts; no dependencies of its own).
const MAX_PRODUCTION_PACKAGES = 224;

describe('the API production dependency tree', () => {
  it(`stays at most ${MAX_PRODUCTION_PACKAGES} packages, without exceljs`, () => {
    const out = execFileSync('npm', ['ls', '--omit=dev', '--all', '--parseable', '-w', 'apps/api'], { cwd: root, encoding: 'utf8' });
    const packages = new Set(
      out
        .split('\n')
        .filter((line) => line.includes('/node_modules/'))
        .map((line) => line.slice(line.lastIndexOf('/node_modules/') + '/node_modules/'.length)),
    );
    console.log(`API production packages: ${packages.size}`);
    expect(packages.has('exceljs')).toBe(false);
    expect(packages.size).toBeLessThanOrEqual(MAX_PRODUCTION_PACKAGES);
  });
});
