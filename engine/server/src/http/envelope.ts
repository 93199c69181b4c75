import { type Envelope, type Lang, type Paging, pickLang } from '@mes/model';
import type { FastifyRequest } from 'fastify';
import type { RequestContext, SessionUser } from '../context';
import { translate } from '../errors';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

export function langOf(req: FastifyRequest): Lang {
  return pickLang(req.headers['accept-language']);
}

export function requestContext(req: FastifyRequest): RequestContext {
  return { user: req.user ?? null, lang: langOf(req), ip: req.ip };
}

export function ok<T>(data: T, ctx: RequestContext, paging?: Paging): Envelope<T> {
  return { Code: 0, Message: translate('ok', ctx.lang), Data: data, ...(paging ? { Paging: paging } : {}) };
}
