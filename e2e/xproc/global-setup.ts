import { databaseVariant, Stack } from './stack';

/**
 * Starts the cross-process stack (its database variant from XPROC_DATABASE: direct or pgbouncer) once for the whole run (tests share it; a failed test does not restart it) and
 * returns the teardown, which stops everything whatever happened. A start that fails prints every log so far.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const stack = new Stack(databaseVariant());
  const onExit = () => stack.killNow();
  process.once('exit', onExit);
  const since = Date.now();
  try {
    const info = await stack.start();
    process.env.XPROC_STACK = JSON.stringify(info);
    const database = info.database.pooler ? `PgBouncer :${info.database.pooler.port} (transaction mode)` : 'PostgreSQL directly';
    console.log(
      `[xproc] stack up in ${((Date.now() - since) / 1000).toFixed(1)} s: nginx ${info.nginx.https} → ${info.api.join(', ')} → ${database}`,
    );
  } catch (error) {
    console.error(`[xproc] the stack did not start: ${(error as Error).message}\n${stack.logTails()}`);
    await stack.stop();
    process.off('exit', onExit);
    throw error;
  }
  return async () => {
    await stack.stop();
    process.off('exit', onExit);
  };
}
