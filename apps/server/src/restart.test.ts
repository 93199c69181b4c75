import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const dataDir = mkdtempSync(join(tmpdir(), 'mes-restart-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => ok(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

async function start(port: number): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED: 'none',
    // the operator's own first password: admin may work without the initial one's forced change
    ADMIN_PASSWORD: 'Restart-Admin-1',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env,
    stdio: 'pipe',
  });
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/Company/LoginConfig`, {
        headers: { accept: 'application/json' },
      });
      if (r.ok) return child;
    } catch {
      /* not listening yet */
    }
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((ok) => {
    child.on('exit', (code) => ok(code));
    child.kill('SIGINT');
  });
}

describe('embedded database across restarts', () => {
  it('keeps what was written when the server is stopped with SIGINT mid-traffic', async () => {
    const port = await freePort();
    let child = await start(port);
    const login = async () => {
      const r = await fetch(`http://127.0.0.1:${port}/Login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ User_Account: 'admin', Pass_Word: 'Restart-Admin-1' }),
      });
      return { authorization: r.headers.get('authorization') ?? '' };
    };
    const auth = await login();
    const post = (i: number) =>
      fetch(`http://127.0.0.1:${port}/Factory`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...auth },
        body: JSON.stringify({ Factory_Code: `R${i}`, Factory_Name: `重启工厂${i}` }),
      });
    for (let i = 0; i < 5; i++) expect((await (await post(i)).json()).Code).toBe(0);
    // a request in flight when the signal arrives still completes
    const inflight = post(99)
      .then((r) => r.json())
      .catch(() => null);
    const code = await stop(child);
    expect(code).toBe(0);
    const last = await inflight;

    child = await start(port);
    // the session survives the restart too: it lives in the database
    const list = await (
      await fetch(`http://127.0.0.1:${port}/Factory?PageSize=100&Sort=Factory_Code`, {
        headers: { accept: 'application/json', ...auth },
      })
    ).json();
    const codes = (list.Data as { Factory_Code: string }[]).map((f) => f.Factory_Code);
    expect(codes.slice(0, 5)).toEqual(['R0', 'R1', 'R2', 'R3', 'R4']);
    if (last?.Code === 0) expect(codes).toContain('R99');
    expect(await stop(child)).toBe(0);
    // two cold starts of a real server process: generous under a loaded CI machine
  }, 360_000);
});
