import { fill, type Lang, labelOf } from '@mes/model';
import { type MessageKey, messageOf } from './messages';

/** An error a client caused or may see; its text is chosen per request language. */
export class AppError extends Error {
  /** Wire name of the field at fault, so that a form can show the message beside it. */
  field?: string;
  constructor(
    readonly key: MessageKey,
    readonly params: Record<string, unknown> = {},
    readonly status = 400,
    readonly code = 1,
  ) {
    super(key);
  }
  at(field: string | undefined): this {
    this.field = field;
    return this;
  }
  /** Params that are themselves message keys or labels are translated too. */
  text(lang: Lang): string {
    const p: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(this.params)) {
      if (v && typeof v === 'object' && 'zh' in v && 'en' in v)
        p[k] = labelOf(v as { zh: string; en: string }, lang);
      else if (v instanceof AppError) p[k] = v.text(lang);
      else p[k] = v;
    }
    return translate(this.key, lang, p);
  }
}

export function translate(key: string, lang: Lang, params: Record<string, unknown> = {}): string {
  const m = messageOf(key);
  return m ? fill(labelOf(m, lang), params) : key;
}

export const notFound = () => new AppError('not_found', {}, 404);
export const conflict = () => new AppError('version_conflict', {}, 409);
export const unauthorized = () => new AppError('unauthorized', {}, 401, 401);
export const forbidden = () => new AppError('forbidden', {}, 403, 403);
