import path from 'node:path';

/**
 * Two boundary rules of the developers' guide, checked by lint:
 * - web features never import each other (they meet in the router): an import in apps/web/src/features/<x>/ that
 *   resolves into apps/web/src/features/<y>/ is refused;
 * - an API module never writes another module's tables: `.insert(t)`, `.update(t)`, `.delete(t)` on a table owned by
 *   another module (TABLE_OWNERS) is refused; call the owner module's exported function instead.
 */

/** Table (its schema export name) → the module under apps/api/src/modules that alone writes it. */
export const TABLE_OWNERS = {
  orders: 'parcels',
  orderEvents: 'parcels',
  parcelReaddresses: 'parcels',
  receipts: 'parcels',
  flights: 'parcels',
  flightArrivals: 'parcels',
  flightDelays: 'parcels',
  storageReminders: 'parcels',
  parcelFlowDays: 'parcels',
  broadcasts: 'broadcasts',
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
};

/** The same owners by SQL table name (parcelFlowDays → parcel_flow_days), for writes in raw sql`…` text. */
const SQL_TABLE_OWNERS = Object.fromEntries(
  Object.entries(TABLE_OWNERS).map(([name, owner]) => [name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), owner]),
);
const SQL_WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/gi;

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

export default { rules: { 'no-cross-feature': noCrossFeature, 'no-foreign-table-writes': noForeignTableWrites } };
