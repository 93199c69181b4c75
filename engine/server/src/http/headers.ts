import type { FastifyInstance } from 'fastify';

/**
 * The web app's policy: its own scripts only; inline styles, because Ant Design writes its styles
 * at run time; blob: frames, objects and reads for the PDF a print previews (a page may read the
 * preview's bytes back, as the browser tests do); pages of this site may frame
 * it (the print preview), no other site may (clickjacking).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' blob:",
  "frame-src 'self' blob:",
  "object-src 'self' blob:",
  "worker-src 'self' blob:",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/** A year; sent only over https, where a browser honours it. */
const HSTS = 'max-age=31536000';

/**
 * What the browser says it loads a script or a style sheet for a page (Sec-Fetch-Dest). The policy,
 * framing, opener and referrer headers govern documents (and workers, whose dest is `worker`); on a
 * page's chunk they do nothing but cost about 0.4 KB of uncompressed HTTP/1.1 headers, on each of the
 * 70-odd chunks a first sign-in loads (issue 24: sign-in plus dashboard ≤ 300 KB on the wire).
 */
const SUBRESOURCE = new Set(['script', 'style']);

/**
 * Security headers on every answer (API, web app, files); a page's scripts and style sheets get
 * only nosniff (and HSTS). HSTS only when the request came over https, directly or as a trusted
 * proxy says in X-Forwarded-Proto (TRUST_PROXY). A route that sets its own policy (the API docs)
 * keeps it.
 */
export function installSecurityHeaders(app: FastifyInstance) {
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (SUBRESOURCE.has(String(req.headers['sec-fetch-dest'] ?? ''))) return;
    reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    reply.header('x-frame-options', 'SAMEORIGIN');
    reply.header('referrer-policy', 'same-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
  });
}
