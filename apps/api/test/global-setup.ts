import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's id: the template databases test/helpers.ts copies are named after it. */
    templateRun: string;
  }
}

/**
 * Once per `vitest run`: an id for this run's template databases (test/helpers.ts builds them on first use, on a
 * PostgreSQL server only) and, at the end, drops them.
 */
export default function setup(project: TestProject) {
  const run = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  project.provide('templateRun', run);
  return async () => {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) return;
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [
        `portal\\_tpl\\_${run}\\_%`,
      ]);
      for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
    } finally {
      await admin.end();
    }
  };
}
