import {
  buildServer,
  type Database,
  Engine,
  migrate,
  openDatabase,
  readMigrations,
  runSeeds,
  type ServerModule,
} from '@mes/engine-server';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { type Config, MIGRATIONS_DIR } from './config';
import { SERVER_MODULES } from './modules';

export interface RunningApp {
  app: FastifyInstance;
  engine: Engine;
  close(): Promise<void>;
}

/** Opens the database, brings its schema up to date, seeds it and builds the HTTP server. */
export async function createApp(
  cfg: Pick<Config, 'seed' | 'webDist'> & ({ database: Database } | Pick<Config, 'dataDir' | 'databaseUrl'>),
  logger: FastifyServerOptions['logger'] = false,
  modules: ServerModule[] = SERVER_MODULES,
): Promise<RunningApp> {
  const database =
    'database' in cfg
      ? cfg.database
      : await openDatabase({ databaseUrl: cfg.databaseUrl, dataDir: cfg.dataDir });
  try {
    await migrate(database.db, readMigrations(MIGRATIONS_DIR));
    const engine = new Engine(modules, database.db);
    await runSeeds(engine, { demo: cfg.seed === 'demo' });
    const app = await buildServer({ engine, webDist: cfg.webDist, logger });
    let closed = false;
    return {
      app,
      engine,
      close: async () => {
        if (closed) return;
        closed = true;
        // fastify waits for in-flight requests before the database goes away
        await app.close();
        await database.close();
      },
    };
  } catch (e) {
    await database.close();
    throw e;
  }
}
