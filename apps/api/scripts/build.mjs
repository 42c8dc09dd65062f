// Bundles the API into dist/server.js (the contract package inlined, npm packages left external) and copies the
// SQL migrations beside it. Every package the bundle leaves external is imported at run time from node_modules, and
// the image installs only apps/api's `dependencies` (`npm ci --omit=dev --workspace apps/api`): so the externals are
// whatever the code imports, and the build fails when one of them is not a dependency of apps/api. The list goes to
// dist/runtime-packages.json, which the `image` stage of npm test imports one by one in the image's install.
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const dependencies = new Set(Object.keys(pkg.dependencies ?? {}));
const builtins = new Set(builtinModules);

/** `@scope/name/sub/path` → `@scope/name`, `name/sub` → `name`. */
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Specifiers the bundle imports from node_modules, with the files importing them. */
const imported = new Map();
const externals = {
  name: 'runtime-packages',
  setup(b) {
    // Bare specifiers: Node's own modules and npm packages stay imports; the workspace's @portal/* are bundled.
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || builtins.has(args.path)) return { path: args.path, external: true };
      if (args.path.startsWith('@portal/')) return undefined;
      const importers = imported.get(args.path) ?? new Set();
      importers.add(args.importer.replace(`${root}/`, '').replace(/^.*\/packages\//, 'packages/'));
      imported.set(args.path, importers);
      return { path: args.path, external: true };
    });
  },
};

rmSync(join(root, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: {
    server: join(root, 'src/server.ts'),
    'create-admin': join(root, 'src/cli/create-admin.ts'),
    // The spreadsheet reader's worker thread (.xlsx and .csv), found by import-parse beside server.js.
    'import-worker': join(root, 'src/modules/manage/import-worker.ts'),
  },
  outdir: join(root, 'dist'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  plugins: [externals],
  logLevel: 'warning',
});

const missing = [...imported].filter(([specifier]) => !dependencies.has(packageOf(specifier)));
if (missing.length) {
  rmSync(join(root, 'dist'), { recursive: true, force: true });
  console.error(
    'apps/api build: the bundle imports packages at run time that are not in apps/api/package.json "dependencies",\n' +
      'so the production install (npm ci --omit=dev --workspace apps/api) would not have them:',
  );
  for (const [specifier, importers] of missing) {
    const files = [...importers];
    const more = files.length > 3 ? ` and ${files.length - 3} more` : '';
    console.error(`  ${specifier}  (imported by ${files.slice(0, 3).join(', ')}${more})`);
  }
  console.error('Add them with: npm install -w apps/api <package>');
  process.exit(1);
}
const specifiers = [...imported.keys()].sort();
writeFileSync(join(root, 'dist/runtime-packages.json'), `${JSON.stringify(specifiers, null, 2)}\n`);
cpSync(join(root, 'src/db/migrations'), join(root, 'dist/migrations'), { recursive: true });
// The receipt PDF's font (Noto Sans: Cyrillic, Kazakh, ₸), read beside server.js as beside receipt-pdf.ts in the source.
cpSync(join(root, 'src/modules/receipts/fonts'), join(root, 'dist/fonts'), { recursive: true });
console.log(
  `api built → apps/api/dist/server.js (and dist/create-admin.js, dist/import-worker.js); ${specifiers.length} imports of ` +
    `${new Set(specifiers.map(packageOf)).size} packages left to node_modules, all dependencies of apps/api`,
);
