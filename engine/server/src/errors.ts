import { fill, type Lang, labelOf } from '@mes/model';
import { type MessageKey, messageOf } from './messages';

/** An error a client caused or may see; its text is chosen per request language. */
export class AppError extends Error {
  /** Wire name of the field at fault, so that a form can show the message beside it. */
  field?: string;
  /** Sent as the envelope's Data when no field is at fault: what a client acts on (e.g. a dialog to open). */
  data?: Record<string, unknown>;
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
  withData(data: Record<string, unknown>): this {
    this.data = data;
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

/** How many problems one refusal lists at most; the message counts the rest. */
export const LISTED_AT_MOST = 5;

/**
 * One refusal for several problems, so that a user fixes them all in one go instead of meeting them
 * one save at a time (ERPNext's stock reconciliation is known for the latter): the first few in
 * order, and how many there are. One problem is refused as itself. The field is the first one's.
 */
export function combineErrors(errors: readonly AppError[]): AppError {
  if (errors.length === 1) return errors[0];
  const listed = errors.slice(0, LISTED_AT_MOST);
  const join = (lang: Lang, sep: string) => listed.map((e) => e.text(lang)).join(sep);
  const key = errors.length > listed.length ? 'errors_more' : 'errors_all';
  return new AppError(key, {
    n: errors.length,
    list: { zh: join('zh', '；'), en: join('en', '; ') },
  }).at(errors[0]?.field);
}

export function translate(key: string, lang: Lang, params: Record<string, unknown> = {}): string {
  const m = messageOf(key);
  return m ? fill(labelOf(m, lang), params) : key;
}

export const notFound = () => new AppError('not_found', {}, 404);
export const conflict = () => new AppError('version_conflict', {}, 409);
export const unauthorized = () => new AppError('unauthorized', {}, 401, 401);
export const forbidden = () => new AppError('forbidden', {}, 403, 403);
