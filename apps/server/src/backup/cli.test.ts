import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/** `npm run backup` / `npm run restore` as an administrator types them: messages in LANG, exit code 1 on refusal. */
const ROOT = resolve(import.meta.dirname, '../../../..');
const work = mkdtempSync(join(tmpdir(), 'mes-backup-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function npm(args: string[], env: Record<string, string>) {
  try {
    const r = await promisify(execFile)('npm', ['run', '--silent', ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: '', ...env },
    });
    return { code: 0, out: r.stdout + r.stderr };
  } catch (e) {
    const x = e as { code: number; stdout: string; stderr: string };
    return { code: x.code, out: x.stdout + x.stderr };
  }
}

describe('backup and restore commands', () => {
  it('refuse a PGlite data directory a server has open, and a missing archive, in the shell language', async () => {
    const dataDir = join(work, 'data');
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, 'PG_VERSION'), '17\n');
    writeFileSync(join(dataDir, 'postmaster.pid'), '-42\n');
    const busy = await npm(['backup', '--', join(work, 'b.tar.gz')], {
      DATA_DIR: dataDir,
      LANG: 'en_US.UTF-8',
    });
    expect(busy.code).toBe(1);
    expect(busy.out).toContain(`The data directory ${dataDir} is in use by a server`);
    const missing = await npm(['restore', '--', join(work, 'none.tar.gz')], {
      DATA_DIR: dataDir,
      LANG: 'zh_CN.UTF-8',
    });
    expect(missing.code).toBe(1);
    expect(missing.out).toContain('找不到备份文件');
    const usage = await npm(['restore'], { DATA_DIR: dataDir, LANG: 'C' });
    expect(usage.code).toBe(1);
    // neither Chinese nor English asked for: both
    expect(usage.out).toContain('用法');
    expect(usage.out).toContain('usage: npm run backup');
  }, 120_000);
});
