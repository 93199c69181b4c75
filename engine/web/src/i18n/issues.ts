import type { TFunction } from 'i18next';

/** The parts of a zod issue the translation needs; zod's own English message is never shown. */
export interface IssueLike {
  code: string;
  message: string;
  path: readonly PropertyKey[];
  params?: Record<string, unknown>;
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
  format?: string;
  expected?: string;
  keys?: readonly string[];
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/**
 * Text for one issue. `value` is what the field held: an empty value that failed is "required" whatever
 * check zod tripped on (missing key, null, or a min(1) on a trimmed string).
 */
export function issueText(issue: IssueLike, t: TFunction, value?: unknown): string {
  const key = issue.params?.key;
  if (issue.code === 'custom' && typeof key === 'string') {
    const { key: _key, ...params } = issue.params ?? {};
    return t(`validation.${key}`, { ...params, defaultValue: t('validation.invalid') });
  }
  if (issue.code !== 'unrecognized_keys' && isEmpty(value)) return t('validation.required');
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'int') return t('validation.int');
      if (issue.expected === 'number') return t('validation.number');
      return t('validation.invalid');
    case 'too_small':
      if (issue.origin === 'string') return t('validation.tooShort', { min: Number(issue.minimum) });
      return t('validation.min', { min: Number(issue.minimum) });
    case 'too_big':
      if (issue.origin === 'string') return t('validation.tooLong', { max: Number(issue.maximum) });
      if (issue.origin === 'array') return t('validation.tooManyRows', { max: Number(issue.maximum) });
      return t('validation.max', { max: Number(issue.maximum) });
    case 'invalid_format':
      if (issue.format === 'email') return t('validation.email');
      if (issue.format === 'datetime') return t('validation.datetime_invalid');
      return t('validation.invalid');
    case 'invalid_union':
    case 'invalid_value':
      return t('validation.option');
    case 'unrecognized_keys':
      return t('validation.unknownField', { keys: (issue.keys ?? []).join(', ') });
    default:
      return t('validation.invalid');
  }
}
