import { describe, expect, it } from 'vitest';
import { MODULES } from '../../web/src/modules';
import { SERVER_MODULES } from './modules';

describe('module lists', () => {
  it('the web knows every entity the server serves', () => {
    const web = new Set(MODULES.flatMap((m) => m.entities.map((e) => e.name)));
    const server = SERVER_MODULES.flatMap((m) => m.manifest.entities.map((e) => e.name));
    expect(server.filter((n) => !web.has(n))).toEqual([]);
  });
});
