import { isDemoDatabase } from '@mes/engine-server';
import { sql } from 'kysely';
import { createApp } from './app';
import { readConfig } from './config';

const cfg = readConfig();
const logger = { level: cfg.logLevel };
const running = await createApp(cfg, logger);
const { app } = running;
await app.listen({ port: cfg.port, host: cfg.host });
app.log.info(
  { db: cfg.databaseUrl ? 'postgres' : `pglite:${cfg.dataDir}`, port: cfg.port },
  `MES/ERP ready on http://localhost:${cfg.port}`,
);
// passwords are never logged: the README names the demo's and the initial one
if (await isDemoDatabase(running.engine.db))
  app.log.warn(
    'DEMO DATABASE: its accounts have published passwords (README); do not keep real data in it — start with SEED=none for that',
  );
else if (
  (await sql`SELECT 1 FROM users WHERE user_account = 'admin' AND must_change_pwd`.execute(running.engine.db))
    .rows.length
)
  app.log.info(
    'Sign in as admin with the initial password (README, or ADMIN_PASSWORD); it must be changed first',
  );

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down: finishing requests, closing the database');
  // a second signal must not kill PGlite mid-write; the hard timeout is the only way out
  const hard = setTimeout(() => {
    app.log.error('shutdown took too long; exiting');
    process.exit(1);
  }, 20_000);
  hard.unref();
  try {
    await running.close();
    process.exit(0);
  } catch (e) {
    app.log.error({ err: e }, 'error during shutdown');
    process.exit(1);
  }
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
