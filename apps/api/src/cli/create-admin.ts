/**
 * npm run create-admin -- --phone +77011234567 --password '…' [--first-name Dana] [--last-name Akhmetova]
 *
 * Opens the database the server uses (DATABASE_URL, or embedded PGlite in DATA_DIR: refused while the server
 * runs on that folder, PGlite allows one process), applies the migrations and reference data, then creates the admin
 * or promotes the existing account. Prints what it did; exits 1 with the reason otherwise.
 */
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { Redis } from 'ioredis';
import pino from 'pino';
import { openDatabase } from '../db/client';
import { attachSessionCache, SessionCache } from '../modules/auth/session-cache';
import { DataDirLockedError } from '../db/data-dir-lock';
import { seedDatabase } from '../seed';
import { checkAdminInput, createAdmin, CreateAdminError } from '../modules/admin/create-admin';

const USAGE = 'Usage: npm run create-admin -- --phone <number> --password <password> [--first-name <name>] [--last-name <name>]';

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        phone: { type: 'string' },
        password: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 1;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (!values.phone || !values.password) {
    console.error(USAGE);
    return 1;
  }
  try {
    checkAdminInput({ phone: values.phone, password: values.password });
  } catch (error) {
    if (error instanceof CreateAdminError) {
      console.error(`Refused: ${error.message}`);
      return 1;
    }
    throw error;
  }
  // PostgreSQL itself when the API's address is a transaction-mode pooler (ADR 095): one short session, no pooling needed.
  const databaseUrl = process.env.DATABASE_DIRECT_URL || process.env.DATABASE_URL || undefined;
  const dataDir = resolve(process.env.DATA_DIR || './data');
  let database;
  try {
    database = await openDatabase({ databaseUrl, dataDir, holder: 'create-admin' });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`Refused: ${error.message}`);
      return 1;
    }
    throw error;
  }
  // The servers keep validated sessions in Redis (ADR 099): the sessions this ends are forgotten there too.
  const redis = process.env.REDIS_URL ? new Redis(process.env.REDIS_URL, { maxRetriesPerRequest: 2, connectTimeout: 2000 }) : null;
  if (redis) attachSessionCache(database.db, new SessionCache(redis, pino({ level: 'error' })));
  try {
    await seedDatabase(database.db, { demo: false });
    const result = await createAdmin(database.db, {
      phone: values.phone,
      password: values.password,
      firstName: values['first-name'],
      lastName: values['last-name'],
    });
    const where = database.kind === 'postgres' ? 'PostgreSQL' : `embedded PGlite in ${dataDir}`;
    const what = { created: 'Created admin', promoted: 'Promoted to admin', unchanged: 'Already an admin (password updated)' }[
      result.action
    ];
    console.log(`${what}: ${result.phone} (client code ${result.clientCode}, user id ${result.userId}) in ${where}`);
    return 0;
  } catch (error) {
    if (error instanceof CreateAdminError) {
      console.error(`Refused: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
    redis?.disconnect();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
