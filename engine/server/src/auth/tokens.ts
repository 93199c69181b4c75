import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits; only the SHA-256 of a token is stored, so a database dump signs nobody in. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Accepts `Bearer <token>` or the bare token, as the stored authorization value may be either. */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const t = header.replace(/^Bearer\s+/i, '').trim();
  return /^[A-Za-z0-9_-]{20,100}$/.test(t) ? t : null;
}

/** A cookie value as the client encoded it; a malformed escape is no token rather than an error. */
function decoded(v: string): string {
  try {
    return decodeURIComponent(v);
  } catch {
    return '';
  }
}

/** The web client keeps its token in the `Authorization` or `token` cookie (spec part 1 §4). */
export function tokenFromCookie(cookie: string | undefined): string | null {
  if (!cookie) return null;
  for (const name of ['Authorization', 'token']) {
    const m = new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(cookie);
    const t = m ? tokenFromHeader(decoded(m[1])) : null;
    if (t) return t;
  }
  return null;
}
