import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, installSecurityHeaders } from './headers';

async function answer(dest?: string) {
  const app = Fastify();
  installSecurityHeaders(app);
  app.get('/assets/a.js', async () => 'export {}');
  const r = await app.inject({ url: '/assets/a.js', headers: dest ? { 'sec-fetch-dest': dest } : {} });
  await app.close();
  return r.headers;
}

describe('security headers by destination', () => {
  it('a page, a worker or an unnamed client gets the whole set', async () => {
    for (const dest of [undefined, 'document', 'iframe', 'worker', 'empty']) {
      const h = await answer(dest);
      expect(h['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
      expect(h['x-frame-options']).toBe('SAMEORIGIN');
      expect(h['referrer-policy']).toBe('same-origin');
      expect(h['cross-origin-opener-policy']).toBe('same-origin');
      expect(h['x-content-type-options']).toBe('nosniff');
    }
  });

  it("a page's script or style sheet gets nosniff only (issue 24: bytes on the wire)", async () => {
    for (const dest of ['script', 'style']) {
      const h = await answer(dest);
      expect(h['x-content-type-options']).toBe('nosniff');
      expect(h['content-security-policy']).toBeUndefined();
      expect(h['x-frame-options']).toBeUndefined();
      expect(h['cross-origin-opener-policy']).toBeUndefined();
    }
  });
});
