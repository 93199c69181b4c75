import type { TFunction } from 'i18next';
import { isApiError } from '../api';

/**
 * What a failed call tells the user beside what the client already said: a Code 1 was toasted by the
 * client in the user's language; a conflict also says what to do; the rest get a text here.
 */
export function errorText(e: unknown, t: TFunction): string | null {
  if (!isApiError(e)) return t('errors.unknown');
  if (e.status === 409) return `${e.message} ${t('form.conflict')}`;
  if (e.shown || e.kind === 'aborted' || e.kind === 'unauthorized') return null;
  return t(
    `errors.${e.kind === 'forbidden' || e.kind === 'network' || e.kind === 'server' ? e.kind : 'unknown'}`,
  );
}
