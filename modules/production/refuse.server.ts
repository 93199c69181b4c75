import { AppError } from '@mes/engine-server';
import type { Label } from '@mes/model';

/**
 * A refusal of this module: "{what}：{reason}" in the user's language, through the engine's
 * `validation` message so that no free text reaches a client.
 */
export function refuse(what: Label, zh: string, en: string, status = 400): AppError {
  return new AppError('validation', { field: what, reason: { zh, en } }, status);
}
