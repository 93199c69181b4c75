import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok, requestContext } from '../http/envelope';
import { parseWith } from '../validation';

/**
 * How far a running export is: the browser names its export with a random token and asks here while
 * the file streams (a zipped workbook cannot be counted as it arrives). Kept in this process only;
 * an entry lives until a while after its export ends.
 */
interface Progress {
  total: number;
  written: number;
  done: boolean;
  at: number;
}

const KEEP_MS = 10 * 60_000;
const MAX_ENTRIES = 1000;
const progress = new Map<string, Progress>();

const TOKEN = /^[A-Za-z0-9-]{8,64}$/;
/** The export's own parameter, taken off before the list's filters are read. */
export const progressQuery = z.object({ Progress_Token: z.string().regex(TOKEN).optional() });

const keyOf = (userId: number, token: string) => `${userId}:${token}`;

function sweep(now: number) {
  for (const [k, p] of progress) if (now - p.at > KEEP_MS) progress.delete(k);
  // a flood of tokens cannot grow the map without bound: the oldest go first
  while (progress.size >= MAX_ENTRIES) {
    const first = progress.keys().next().value;
    if (first === undefined) break;
    progress.delete(first);
  }
}

/** The reporter of one export; a no-op when the browser gave no token. */
export function exportProgress(userId: number | undefined, token: string | undefined, total: number) {
  if (userId === undefined || !token) return { wrote: () => {}, finish: () => {} };
  const now = Date.now();
  sweep(now);
  const p: Progress = { total, written: 0, done: false, at: now };
  progress.set(keyOf(userId, token), p);
  return {
    wrote: (n: number) => {
      p.written = Math.min(p.total, p.written + n);
      p.at = Date.now();
    },
    finish: () => {
      p.written = p.total;
      p.done = true;
      p.at = Date.now();
    },
  };
}

const query = z.object({ Token: z.string().regex(TOKEN) });

/** GET /Excel/ExportProgress?Token=: rows written of the total; only the user's own exports. */
export function exportProgressRoutes(app: FastifyInstance) {
  app.get('/Excel/ExportProgress', { config: { perm: { signedIn: true } } }, async (req) => {
    const ctx = requestContext(req);
    const q = parseWith(query, req.query, undefined, ctx.lang);
    const p = ctx.user ? progress.get(keyOf(ctx.user.User_ID, q.Token)) : undefined;
    return ok(
      p ? { Total: p.total, Written: p.written, Done: p.done } : { Total: 0, Written: 0, Done: false },
      ctx,
    );
  });
}
