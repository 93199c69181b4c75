/** Why a call failed; screens decide what to show from `kind` (a Code 1 was already toasted by the client). */
export type ApiErrorKind =
  | 'business'
  | 'unauthorized'
  | 'forbidden'
  | 'server'
  | 'http'
  | 'network'
  | 'aborted';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    /** HTTP status, 0 when no answer arrived. */
    readonly status: number,
    /** Envelope Code when the answer had one. */
    readonly code?: number,
    /** True when the client already told the user (the Code 1 toast). */
    readonly shown = false,
  ) {
    super(message);
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

export function isAborted(e: unknown): boolean {
  return isApiError(e) && e.kind === 'aborted';
}
