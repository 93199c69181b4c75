import type { Lang } from '@mes/model';
import type { Tx } from './db/tx';

export interface SessionUser {
  User_ID: number;
  User_Name: string;
}

/** Who is acting, from where, in which language: everything a service needs besides its input. */
export interface RequestContext {
  user: SessionUser | null;
  lang: Lang;
  ip: string;
}

export const SYSTEM_CONTEXT: RequestContext = { user: null, lang: 'zh', ip: '127.0.0.1' };

export interface TxContext extends RequestContext {
  tx: Tx;
}
