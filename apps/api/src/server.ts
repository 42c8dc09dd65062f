import { ConfigError, loadConfig } from './config/env';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { seedDatabase } from './seed';
import { createStorage, uploadsOver } from './modules/uploads/storage-plugin';
import { buildApp } from './app';
import { codesRepository } from './modules/auth/codes-repository';
import { discardPendingWork, drillLines } from './restore-drill';

/** The accept queue of the listening socket (see the listen below). */
const LISTEN_BACKLOG = 4096;

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
  let database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      postgres: config.postgres,
      dataDir: config.dataDir,
      holder: 'the portal server',
      afterMigrate: async (db) => {
        // Demo parcels get their photos in the configured storage (the uploads service processes them as any upload).
        const uploads = uploadsOver(createStorage(config), config.jwtSecret);
        seeded = await seedDatabase(db, { demo: config.seedDemo, storePhoto: (bytes) => uploads.savePhoto(bytes) });
      },
    });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // A restore drill empties the copy's queue before anything starts on it (restore-drill.ts).
  const drill = config.restoreDrill ? await discardPendingWork(database) : null;
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
  // Not on a drill copy: its references are yesterday's, and the uploads may be the bucket in service.
  if (!drill) setInterval(sweep, 3600 * 1000).unref();

  // A burst of new connections (a provider's 1,000 payment notifications, pages reconnecting after a deploy) must
  // not overflow the accept queue: Node's default of 511 drops the rest's SYNs, and each client then waits for
  // TCP's 1 s retransmission (bench/results/online-confirmations.md). The kernel caps it at net.core.somaxconn.
  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    `  Cargo portal is running at ${url}`,
    ['127.0.0.1', '::1', 'localhost'].includes(config.host)
      ? `  Listening on ${config.host} only (this computer); HOST=0.0.0.0 opens it to the network`
      : `  Listening on ${config.host}`,
    `  API docs: ${url}/api/docs`,
    `  Database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'}`,
    config.sms.driver === 'outbox' ? `  SMS codes are written to ${config.sms.outboxFile}` : `  SMS driver: ${config.sms.driver}`,
  ];
  if (drill) lines.push(...drillLines(config, drill));
  if (config.isProduction && config.webPush?.keysFrom === 'data-dir')
    lines.push(
      `  Web push keys: generated into ${config.dataDir}/vapid.json. Set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (the same`,
      '  in every process) when more than one process serves the portal or DATA_DIR is not kept: browsers subscribed',
      '  with other keys stop receiving (docs/operations.md, "Web push keys").',
    );
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
