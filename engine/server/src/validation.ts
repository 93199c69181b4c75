import type { EntityDef, Label, Lang } from '@mes/model';
import { labelOf } from '@mes/model';
import type { z } from 'zod';
import { AppError, combineErrors, translate } from './errors';
import { isMessageKey } from './messages';

type Issue = z.core.$ZodIssue;

function reason(issue: Issue, lang: Lang): string {
  const t = (k: string, p: Record<string, unknown> = {}) => translate(k, lang, p);
  if ('input' in issue && issue.input === undefined) return t('r_required');
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return t('r_required');
      return t('r_type', { expected: t(`t_${issue.expected === 'int' ? 'number' : issue.expected}`) });
    case 'too_big':
      if (issue.origin === 'string') return t('r_too_long', { max: issue.maximum });
      if (issue.origin === 'array') return t('r_too_many', { max: issue.maximum });
      return t('r_too_big', { max: issue.maximum });
    case 'too_small':
      if (issue.origin === 'string') return t('r_required');
      if (issue.origin === 'array') return t('r_too_few', { min: issue.minimum });
      return t('r_too_small', { min: issue.minimum });
    case 'invalid_format':
      // a declaration may name its own message key (time_invalid); zod's default text is English only
      return isMessageKey(issue.message) ? t(issue.message) : t('r_format');
    case 'invalid_value':
    case 'invalid_union':
      return t('r_value');
    case 'custom': {
      const params = (issue.params ?? {}) as Record<string, unknown>;
      return t(String(params.key ?? issue.message), params);
    }
    default:
      return issue.code === 'not_multiple_of' ? t('r_not_int') : t('r_format');
  }
}

/** A field's name as the user knows it: its label, and for lines the table label and row number. */
function fieldName(def: EntityDef | undefined, path: PropertyKey[], lang: Lang): string {
  const [head, idx, sub] = path;
  if (typeof head !== 'string') return '';
  const lines = def?.lines[head];
  if (lines) {
    const parts = [labelOf(lines.label, lang)];
    if (typeof idx === 'number') parts.push(translate('line_no', lang, { n: idx + 1 }));
    const f = typeof sub === 'string' ? lines.fields[sub] : undefined;
    if (typeof sub === 'string') parts.push(f ? `${labelOf(f.label, lang)}(${sub})` : sub);
    return parts.join(' ');
  }
  const f: { label: Label } | undefined = def?.fields[head];
  return f ? `${labelOf(f.label, lang)}(${head})` : head;
}

/**
 * Turns zod's issues into a Code 1 error that names each field in the user's language: all of them
 * (the first few, see combineErrors), so that a long document's lines are put right in one go.
 */
export function zodError(error: z.ZodError, def: EntityDef | undefined, lang: Lang): AppError {
  // an unknown field explains the other issues better than they explain themselves
  const unknown = error.issues.find((i) => i.code === 'unrecognized_keys');
  if (unknown?.code === 'unrecognized_keys') {
    const prefix = unknown.path.length ? `${fieldName(def, unknown.path, lang)} ` : '';
    return new AppError('unknown_field', { field: prefix + unknown.keys.join(', ') });
  }
  return combineErrors(
    error.issues.map((issue) => {
      const field = fieldName(def, issue.path, lang) || '-';
      const wire = issue.path.map(String).join('.');
      // already in the user's language, as the combined message is read in it
      return new AppError('validation', { field, reason: reason(issue, lang) }).at(wire || undefined);
    }),
  );
}

/** Where the input holds a NUL character (in a value or a key), if it does. */
function nulAt(v: unknown, path: PropertyKey[] = []): PropertyKey[] | null {
  if (typeof v === 'string') return v.includes('\u0000') ? path : null;
  if (!v || typeof v !== 'object' || path.length > 20) return null;
  for (const [k, x] of Object.entries(v)) {
    const p = [...path, Array.isArray(v) ? Number(k) : k];
    if (k.includes('\u0000')) return p;
    const hit = nulAt(x, p);
    if (hit) return hit;
  }
  return null;
}

/**
 * Parses a client's input. Text with a NUL is refused here for every schema, the hand-written ones
 * of module routes too: PostgreSQL cannot store it, and a statement that carries one fails.
 */
export function parseWith<T>(
  schema: z.ZodType<T>,
  input: unknown,
  def: EntityDef | undefined,
  lang: Lang,
): T {
  const nul = nulAt(input);
  if (nul) {
    const field = fieldName(def, nul, lang) || '-';
    throw new AppError('validation', { field, reason: translate('text_nul', lang) }).at(
      nul.map(String).join('.') || undefined,
    );
  }
  const r = schema.safeParse(input ?? {}, { reportInput: true });
  if (!r.success) throw zodError(r.error, def, lang);
  return r.data;
}
