/**
 * Drives the posting load against a server started by `bench/serve.ts` (for profiling that
 * server by hand): `npx tsx bench/post.ts` (BENCH_WRITERS, BENCH_LINES, BENCH_SECONDS; BENCH_DRAFTED=n
 * saves n drafts first and then only approves them, BENCH_RATE=r as r postings a second offered).
 * Prints the posting figures as the bench reports them.
 */
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { settings } from './lib/config';
import type { PostingResult } from './lib/loadWorker';
import { inWorker } from './lib/phases';

const cfg = settings();
const served = JSON.parse(readFileSync(join(tmpdir(), 'bench-serve.json'), 'utf8')) as {
  port: number;
  token: string;
  stock: { m: number; l: number }[];
};
const job = {
  mode: 'postings',
  url: `http://127.0.0.1:${served.port}`,
  token: served.token,
  writers: cfg.writers,
  lines: cfg.linesPerPosting,
  seconds: cfg.seconds,
  seed: Date.now() % 1_000_000,
  docDate: new Date().toISOString().slice(0, 10),
  stock: served.stock,
  drafted: Number(process.env.BENCH_DRAFTED ?? 0) || undefined,
  rate: Number(process.env.BENCH_RATE ?? 0) || undefined,
} as const;
// paced postings come after a short unpaced run, as in the bench, so that they meet a warm server
if (job.rate && job.drafted)
  await inWorker<PostingResult>({ ...job, drafted: 600, rate: undefined, seconds: 60 });
console.error(`posting for ${job.seconds} s`);
const r = await inWorker<PostingResult>(job);
console.log(JSON.stringify(r, null, 1));
