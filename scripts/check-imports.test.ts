import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findViolations } from './check-imports';

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'imports-'));
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), text);
  }
  return root;
}

describe('check-imports', () => {
  it('catches browser code importing server files and server-only packages', () => {
    const root = tree({
      'engine/web/src/a.ts': "import { x } from '../../../modules/system/user.server';\n",
      'apps/web/src/b.tsx': "import Fastify from 'fastify';\nimport { readFileSync } from 'node:fs';\n",
      'modules/system/index.ts': "export { systemServer } from '@mes/system/server';\n",
      'modules/system/ok.server.ts': "import { sql } from 'kysely';\n",
      'modules/system/x.test.ts': "import pg from 'pg';\n",
      'engine/model/src/c.ts': "const m = await import('pg');\n",
    });
    const v = findViolations(root).map((x) => `${x.file}:${x.line}:${x.spec}`);
    expect(v.sort()).toEqual(
      [
        'apps/web/src/b.tsx:1:fastify',
        'apps/web/src/b.tsx:2:node:fs',
        'engine/model/src/c.ts:1:pg',
        'engine/web/src/a.ts:1:../../../modules/system/user.server',
        'modules/system/index.ts:1:@mes/system/server',
      ].sort(),
    );
  });

  it('passes on this repository', () => {
    expect(findViolations(resolve(import.meta.dirname, '..'))).toEqual([]);
  });
});
