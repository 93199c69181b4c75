import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { registerApproval } from '../approval/routes';
import { installAuth, signedInHook } from '../auth/plugin';
import { registerCrud } from '../crud/routes';
import type { Engine } from '../engine';
import { AppError } from '../errors';
import { langOf } from './envelope';
import { installErrorHandler } from './errors';
import { installSecurityHeaders } from './headers';
import { trustProxyOf } from './proxy';
import { parseQueryString } from './query';
import { prefersHtml, serveWeb } from './web';

export interface ServerOptions {
  engine: Engine;
  webDist?: string;
  logger?: FastifyServerOptions['logger'];
  bodyLimit?: number;
  /** Registers routes that are not generic CRUD (module actions, session, shell). */
  extraRoutes?: (app: FastifyInstance) => Promise<void> | void;
}

export const DEFAULT_BODY_LIMIT = 2 * 1024 * 1024;

export async function buildServer(opts: ServerOptions): Promise<FastifyInstance> {
  const bodyLimit = opts.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit,
    routerOptions: { querystringParser: parseQueryString },
    trustProxy: trustProxyOf(process.env.TRUST_PROXY),
  });
  app.decorateRequest('user', null);
  // input shapes are checked by the zod schemas derived from declarations; JSON schemas only document
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  installErrorHandler(app, bodyLimit);
  installSecurityHeaders(app);
  // API answers are JSON that shrinks ~10x (a menu, a page of a list): brotli at a speed fit for every
  // answer, gzip otherwise. The web app's files come precompressed (their Content-Encoding is set, so
  // they are left alone); PDFs, workbooks and images are not compressible types. Compressed request
  // bodies are not accepted: the body limit holds for what arrives, not for what it unpacks to.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    globalDecompression: false,
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'MES / ERP API', version: '0.1.0', description: 'Envelope: {Code, Message, Data}' },
    },
  });
  // the API's shape is for signed-in staff; the UI keeps its own content policy (hashes of its inline
  // scripts), without upgrade-insecure-requests, which would break it on plain http
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    transformStaticCSP: (csp) => csp.replace(/\s*upgrade-insecure-requests;?/, ''),
    uiHooks: { onRequest: signedInHook(opts.engine) },
  });
  await serveWeb(app, opts.webDist);

  installAuth(app, opts.engine);
  for (const svc of opts.engine.allServices()) if (svc.def.api) registerCrud(app, svc);
  registerApproval(app, opts.engine);
  for (const m of opts.engine.modules) await m.routes?.(app, opts.engine);
  await opts.extraRoutes?.(app);

  app.setNotFoundHandler((req, reply) => {
    if (req.method === 'GET' && prefersHtml(req.headers.accept)) return reply.redirect('/404');
    const e = new AppError(
      'route_not_found',
      { method: req.method, url: req.url.split('?')[0].slice(0, 200) },
      404,
    );
    return reply.status(404).send({ Code: 1, Message: e.text(langOf(req)), Data: null });
  });
  return app;
}
