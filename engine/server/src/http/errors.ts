import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { pgCode } from '../db/tx';
import { AppError } from '../errors';
import { zodError } from '../validation';
import { langOf } from './envelope';

const LIMIT_TEXT = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** Fastify's own client errors, as AppErrors the user can read. */
function fromFastify(e: FastifyError, req: FastifyRequest, bodyLimit: number): AppError | null {
  switch (e.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('body_too_large', { limit: LIMIT_TEXT(bodyLimit) }, 413);
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('invalid_json');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('empty_body');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('bad_media_type', {}, 415);
  }
  if (e instanceof SyntaxError || e.statusCode === 400) return new AppError('invalid_json');
  if (e.statusCode === 413) return new AppError('body_too_large', { limit: LIMIT_TEXT(bodyLimit) }, 413);
  // the static files refuse a directory (403), a missing file (404) or a bad range (416): to the
  // client each is a path that serves nothing
  if (e.statusCode === 403 || e.statusCode === 404 || e.statusCode === 416)
    return new AppError(
      'route_not_found',
      { method: req.method, url: req.url.split('?')[0].slice(0, 200) },
      404,
    );
  return null;
}

/**
 * Whether PostgreSQL refused the data rather than the statement: class 22 (data exception: a value
 * out of a column's range, a malformed date or number, a character the encoding cannot hold) and
 * 54000 (a value too long for an index). The inputs are checked before they reach a statement; this
 * is the last line for what a check misses (a hook's arithmetic), and the transaction is rolled back.
 */
export function isDataException(e: unknown): boolean {
  const code = pgCode(e);
  return code !== undefined && (/^22[0-9A-Z]{3}$/.test(code) || code === '54000');
}

/** Every failure leaves as the envelope; internals (stack, SQL) stay in the server log. */
export function installErrorHandler(app: FastifyInstance, bodyLimit: number) {
  app.setErrorHandler((err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const lang = langOf(req);
    let e: AppError | null = null;
    if (err instanceof AppError) e = err;
    else if (err instanceof ZodError) e = zodError(err, undefined, lang);
    else if (isDataException(err)) {
      // a 400 to the client, but a check that should have caught it is missing: worth a look
      req.log.warn({ err, url: req.url }, 'data refused by the database');
      e = new AppError('data_invalid');
    } else if (err instanceof URIError) {
      // a percent sign in a cookie or a parameter that does not begin an escape
      e = new AppError('bad_encoding');
    } else e = fromFastify(err, req, bodyLimit);
    if (e) {
      if (e.status === 403 || e.status === 401) req.log.info({ url: req.url, key: e.key }, 'refused');
      return reply.status(e.status).send({
        Code: e.code,
        Message: e.text(lang),
        Data: e.field ? { Field: e.field, Key: e.key } : (e.data ?? null),
      });
    }
    req.log.error({ err }, 'internal error');
    const internal = new AppError('internal', {}, 500, 500);
    return reply.status(500).send({ Code: 500, Message: internal.text(lang), Data: null });
  });
}
