import { resolve } from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  seed: 'demo' | 'none';
  webDist: string;
  logLevel: string;
}

const ROOT = resolve(import.meta.dirname, '../../..');

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8031);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const seed = (env.SEED ?? 'demo').toLowerCase();
  if (seed !== 'demo' && seed !== 'none') throw new Error(`SEED must be demo or none, got ${env.SEED}`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? resolve(ROOT, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    seed,
    webDist: resolve(env.WEB_DIST ?? resolve(ROOT, 'apps/web/dist')),
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}

export const MIGRATIONS_DIR = resolve(import.meta.dirname, '../migrations');
