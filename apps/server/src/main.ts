import { createApp } from './app';
import { readConfig } from './config';
import { startupNotices } from './notices';

const cfg = readConfig();
const logger = { level: cfg.logLevel };
const running = await createApp(cfg, logger);
const { app } = running;
await app.listen({ port: cfg.port, host: cfg.host });
app.log.info(
  { db: cfg.databaseUrl ? 'postgres' : `pglite:${cfg.dataDir}`, port: cfg.port },
  `MES/ERP ready on http://localhost:${cfg.port}`,
);
for (const n of await startupNotices(running.engine.db)) app.log[n.level](n.msg);

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
