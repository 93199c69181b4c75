import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** A browser navigation asks for HTML first; the web client always asks for JSON. */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  const a = accept.toLowerCase();
  const html = a.indexOf('text/html');
  const json = a.indexOf('application/json');
  return html >= 0 && (json < 0 || html < json);
}

/** Vite names everything under assets/ by its content hash: a changed file is a new URL. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>MES</title>
<p>The web app is not built yet: run <code>npm run build</code>. / 前端尚未构建，请运行 <code>npm run build</code>。</p>`;

/**
 * Serves the built web app. Page paths and API paths overlap (`/Factory` is both), so every GET
 * navigation gets index.html before routing, and the API keeps the rest.
 */
export async function serveWeb(app: FastifyInstance, dist: string | undefined) {
  const indexFile = dist ? join(dist, 'index.html') : '';
  const built = !!dist && existsSync(indexFile);
  // read at each navigation: a rebuild changes the asset names while the server keeps running
  const index = () => (existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : NOT_BUILT);
  const sendIndex = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(index());

  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET' || !prefersHtml(req.headers.accept)) return;
    const path = req.url.split('?')[0];
    if (path.startsWith('/docs') || path.startsWith('/assets/') || /\.[a-z0-9]{2,5}$/i.test(path)) return;
    return sendIndex(reply);
  });

  // the root is the app whatever the client accepts (curl sends */*); the static plugin would
  // refuse it as a directory
  app.get('/', { config: { perm: { public: true } }, schema: { hide: true } }, async (_req, reply) =>
    sendIndex(reply),
  );

  // A hashed asset is cached a year as immutable: a browser never asks again whether it changed, so
  // its validators and range support are bytes for nothing, on each of the 50-odd chunks of a first
  // sign-in (issue 24: sign-in plus dashboard ≤ 300 KB on the wire, headers included).
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.getHeader('cache-control') !== IMMUTABLE || !req.url.startsWith('/assets/')) return payload;
    reply.removeHeader('etag');
    reply.removeHeader('last-modified');
    reply.removeHeader('accept-ranges');
    // RFC 9239's name for JavaScript, shorter; a module script is read as UTF-8 whatever it says
    if (req.url.split('?')[0].endsWith('.js')) reply.header('content-type', 'text/javascript');
    return payload;
  });

  if (built && dist) {
    const hashed = join(dist, 'assets') + sep;
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      index: false,
      // files are looked up per request, so that a rebuild is served without a restart
      wildcard: true,
      // the build writes .br and .gz beside each asset (scripts/precompress.ts): sent as they are
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, path) => {
        // a cache must keep the brotli, gzip and plain answers of one URL apart
        res.setHeader('vary', 'Accept-Encoding');
        // anything not hashed (index.html, favicon) is checked again at each use
        res.setHeader('cache-control', path.startsWith(hashed) ? IMMUTABLE : 'no-cache');
      },
    });
  }
}
