import { compareDecimal } from '@mes/model';

export const VALUE = { NUMBER: 1, OK_NG: 2 } as const;
export const RESULT = { OK: 1, NG: 2 } as const;

export interface CheckLimits {
  kind: number;
  lower: string | null;
  upper: string | null;
}

/**
 * The result of one spot-check line: a number against its limits (both inclusive), or the OK/NG
 * given. A number missing where one is needed is NG: an unread gauge is not a pass.
 */
export function checkResult(item: CheckLimits, value: string | null, given: number | null): number {
  if (item.kind === VALUE.OK_NG)
    return given === RESULT.NG ? RESULT.NG : given === RESULT.OK ? RESULT.OK : RESULT.NG;
  if (value === null || value === '') return RESULT.NG;
  if (item.lower !== null && compareDecimal(value, item.lower) < 0) return RESULT.NG;
  if (item.upper !== null && compareDecimal(value, item.upper) > 0) return RESULT.NG;
  return RESULT.OK;
}
