import { ConfigError, loadConfig } from './config/env';
import { openDatabase } from './db/client';
import { seedDatabase } from './db/seed';
import { buildApp } from './app';

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
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const seeded = await seedDatabase(database.db, { demo: config.seedDemo });
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
