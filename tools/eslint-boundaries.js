import path from 'node:path';

/**
 * Three boundary rules of the developers' guide, checked by lint:
 * - web features never import each other (they meet in the router): an import in apps/web/src/features/<x>/ that
 *   resolves into apps/web/src/features/<y>/ is refused;
 * - an API module never writes another module's tables: `.insert(t)`, `.update(t)`, `.delete(t)` on a table owned by
 *   another module (TABLE_OWNERS, which names an owner for every table: apps/api/test/table-owners.test.ts fails on a
 *   table without one) is refused; call the owner module's exported function instead;
 * - imports go one way, down (LAYERS): shared web code (components, lib, config, styles, locales) never imports the
 *   features or the app shell, and the API's db, plugins, lib and config never import the modules.
 */

/** Table (its schema export name) → the module under apps/api/src/modules that alone writes it. */
export const TABLE_OWNERS = {
  users: 'users',
  sessions: 'auth',
  verificationCodes: 'auth',
  verificationTokens: 'auth',
  telegramAuthUses: 'auth',
  staffInvitations: 'auth',
  codeRequests: 'auth',
  loginThrottle: 'auth',
  auditLog: 'audit',
  supportRequests: 'supports',
  supportMessages: 'supports',
  imports: 'manage',
  importLayouts: 'manage',
  telegramLinkTokens: 'notifications',
  pushSubscriptions: 'notifications',
  customerTotals: 'payments',
  countries: 'countries',
  orders: 'parcels',
  locations: 'shelves',
  parcelPlaces: 'shelves',
  stockTakes: 'shelves',
  stockTakeScans: 'shelves',
  stockTakeDifferences: 'shelves',
  parcelPhotos: 'parcels',
  orderEvents: 'parcels',
  parcelReaddresses: 'parcels',
  receipts: 'parcels',
  flights: 'parcels',
  flightArrivals: 'parcels',
  flightDelays: 'parcels',
  storageReminders: 'parcels',
  customsIdNotices: 'parcels',
  parcelFlowDays: 'parcels',
  broadcasts: 'broadcasts',
  broadcastChunks: 'broadcasts',
  savedTracks: 'tracks',
  notifications: 'notifications',
  notificationDeliveries: 'notifications',
  notificationChannels: 'notifications',
  notificationPreferences: 'notifications',
  payments: 'payments',
  charges: 'payments',
  dayCloses: 'payments',
  customerBalances: 'payments',
  revenueDays: 'payments',
  paymentRequests: 'online-payments',
  paymentProviderSettings: 'online-payments',
  paymentDifferences: 'online-payments',
  paymentRefundAttempts: 'online-payments',
  orderStatuses: 'parcels',
  news: 'news',
  lessons: 'lessons',
  lessonSteps: 'lessons',
  faqs: 'faqs',
  prohibitedItems: 'prohibited-items',
  marketplaces: 'marketplaces',
  branches: 'branches',
  settings: 'settings',
  warehouses: 'china-address',
  bags: 'bags',
  declarations: 'declarations',
  declarationItems: 'declarations',
  dutyRules: 'duties',
  exchangeRates: 'duties',
  exchangeRateFetches: 'duties',
  claims: 'claims',
  claimPhotos: 'claims',
  claimEvents: 'claims',
  trustedPeople: 'trusted',
  branchSlotRules: 'pickup-slots',
  pickupSlotCounters: 'pickup-slots',
  pickupBookings: 'pickup-slots',
  deliveryZones: 'door-delivery',
  doorDeliveries: 'door-delivery',
  doorDeliveryAttempts: 'door-delivery',
  bagItems: 'bags',
  labelPrinters: 'labels',
  labelIssues: 'labels',
  orderBoxes: 'parcels',
  weightChecks: 'weights',
};

/** The same owners by SQL table name (parcelFlowDays → parcel_flow_days), for writes in raw sql`…` text. */
const SQL_TABLE_OWNERS = Object.fromEntries(
  Object.entries(TABLE_OWNERS).map(([name, owner]) => [name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), owner]),
);
const SQL_WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/gi;

/**
 * Layers that never import upward: a file under one of `from` may not import a file under any of `to` (paths from the
 * repository's root). The seed (apps/api/src/seed) builds demo content through the modules' own functions, as the CLI
 * does: both stand above the modules, beside server.ts.
 */
export const LAYERS = [
  {
    from: ['apps/web/src/components', 'apps/web/src/lib', 'apps/web/src/config', 'apps/web/src/styles', 'apps/web/src/locales'],
    to: ['apps/web/src/features', 'apps/web/src/app'],
    why: 'shared web code is used by features and the app shell, never the other way round',
  },
  {
    from: ['apps/api/src/db', 'apps/api/src/plugins', 'apps/api/src/lib', 'apps/api/src/config'],
    to: ['apps/api/src/modules'],
    why: 'the database, plugins, lib and config are what modules stand on; a plugin a module needs lives in the module',
  },
];

const FEATURES = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}features${path.sep}`;
const MODULES = `${path.sep}apps${path.sep}api${path.sep}src${path.sep}modules${path.sep}`;

function segmentAfter(file, marker) {
  const i = file.indexOf(marker);
  if (i < 0) return null;
  return file.slice(i + marker.length).split(path.sep)[0] ?? null;
}

const noCrossFeature = {
  meta: {
    type: 'problem',
    messages: {
      cross:
        'Feature "{{from}}" imports feature "{{to}}": features never import each other; move shared code down (components, lib) or meet in the router.',
    },
  },
  create(context) {
    const file = context.filename;
    const own = segmentAfter(file, FEATURES);
    if (!own) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source);
      const other = segmentAfter(target + path.sep, FEATURES);
      if (other && other !== own) context.report({ node, messageId: 'cross', data: { from: own, to: other } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

const noForeignTableWrites = {
  meta: {
    type: 'problem',
    messages: {
      foreign: 'Module "{{module}}" writes table "{{table}}" owned by module "{{owner}}": call the owner module\'s exported function.',
    },
  },
  create(context) {
    const module = segmentAfter(context.filename, MODULES);
    if (!module) return {};
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        if (!['insert', 'update', 'delete'].includes(callee.property.name)) return;
        const arg = node.arguments[0];
        if (!arg || arg.type !== 'Identifier') return;
        const owner = TABLE_OWNERS[arg.name];
        if (owner && owner !== module) context.report({ node, messageId: 'foreign', data: { module, table: arg.name, owner } });
      },
      // Raw SQL: sql`insert into t …`, sql`update t …`, sql`delete from t …` (a ${table} interpolation is the call above's
      // business only when it is a Drizzle call, so the text is read here).
      TaggedTemplateExpression(node) {
        if (node.tag.type !== 'Identifier' || node.tag.name !== 'sql') return;
        const text = node.quasi.quasis.map((q) => q.value.cooked ?? q.value.raw).join(' ');
        for (const m of text.matchAll(SQL_WRITE)) {
          const table = m[1].toLowerCase();
          const owner = SQL_TABLE_OWNERS[table];
          if (owner && owner !== module) context.report({ node, messageId: 'foreign', data: { module, table, owner } });
        }
      },
    };
  },
};

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const under = (file, dirs) => dirs.some((dir) => file === path.join(ROOT, dir) || file.startsWith(path.join(ROOT, dir) + path.sep));

const noUpwardImport = {
  meta: {
    type: 'problem',
    messages: { upward: '"{{from}}" may not import "{{to}}": {{why}}.' },
  },
  create(context) {
    const file = path.resolve(context.filename);
    const layers = LAYERS.filter((l) => under(file, l.from));
    if (!layers.length) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source);
      for (const layer of layers)
        if (under(target, layer.to))
          context.report({ node, messageId: 'upward', data: { from: path.relative(ROOT, file), to: source, why: layer.why } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default {
  rules: { 'no-cross-feature': noCrossFeature, 'no-foreign-table-writes': noForeignTableWrites, 'no-upward-import': noUpwardImport },
};
