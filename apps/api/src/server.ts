import { ConfigError, loadConfig } from './config/env';
import { openDatabase } from './db/client';
import { seedDatabase } from './db/seed';
import { buildApp } from './app';
import { codesRepository } from './modules/auth/codes-repository';

/** Starts the API (and the built web app): parse config, open and migrate the database, seed, listen, shut down gracefully. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  let seeded: Awaited<ReturnType<typeof seedDatabase>> = { demoAccounts: [] };
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    afterMigrate: async (db) => {
      seeded = await seedDatabase(db, { demo: config.seedDemo });
    },
  });
  const app = await buildApp({ config, database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // Codes and verification tokens are only needed for the daily cap window; drop older ones hourly.
  const purge = () =>
    codesRepository
      .purgeOlderThan(database.db, new Date(Date.now() - 2 * 24 * 3600 * 1000))
      .catch((err) => app.log.warn({ err }, 'code purge failed'));
  void purge();
  setInterval(purge, 3600 * 1000).unref();
  // Uploads nothing refers to a day after they were made (photos of parcels never received …) are removed hourly.
  const sweep = () =>
    app.uploads
      .removeUnattached(database.db)
      .then((removed) => removed.length && app.log.info({ removed: removed.length }, 'unattached uploads removed'))
      .catch((err) => app.log.warn({ err }, 'uploads cleanup failed'));
  setInterval(sweep, 3600 * 1000).unref();

  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    `  Cargo portal is running at ${url}`,
    `  API docs: ${url}/api/docs`,
    `  Database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'}`,
    config.sms.driver === 'outbox' ? `  SMS codes are written to ${config.sms.outboxFile}` : `  SMS driver: ${config.sms.driver}`,
  ];
  if (seeded.demoAccounts.length) {
    lines.push('', '  Demo accounts (phone / password):');
    for (const a of seeded.demoAccounts) lines.push(`    ${a.role.padEnd(8)} ${a.phone}  ${a.password}   ${a.note}`);
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
