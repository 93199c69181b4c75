/**
 * The load generators, run in a worker thread so that sending requests does not steal the event
 * loop of the server under test (which runs in the main thread, as PGlite must).
 */
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';
import { type Latency, latencyOf, mulberry32 } from './prng';

export interface HttpJob {
  mode: 'http';
  url: string;
  token: string;
  /** Request paths, used round-robin. */
  paths: string[];
  connections: number;
  /** Requests per second over all connections; unset = as fast as the server answers. */
  rate?: number;
  seconds: number;
}

export interface HttpResult {
  requests: number;
  rps: number;
  latency: Latency;
  /** Answers that were not HTTP 200 with Code 0, and socket errors and timeouts. */
  failed: number;
}

export interface PostingJob {
  mode: 'postings';
  url: string;
  token: string;
  writers: number;
  lines: number;
  seconds: number;
  seed: number;
  docDate: string;
  /** Material and location pairs with enough stock for issues of one unit. */
  stock: { m: number; l: number }[];
}

export interface PostingResult {
  postings: number;
  lines: number;
  seconds: number;
  postingsPerSec: number;
  create: Latency;
  approve: Latency;
  total: Latency;
  failed: number;
  failures: Record<string, number>;
}

async function http(job: HttpJob): Promise<HttpResult> {
  let i = 0;
  let failed = 0;
  const samples: number[] = [];
  let done: (r: autocannon.Result) => void = () => undefined;
  let failedRun: (e: unknown) => void = () => undefined;
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    done = resolve;
    failedRun = reject;
  });
  const instance = autocannon(
    {
      url: job.url,
      connections: job.connections,
      duration: job.seconds,
      ...(job.rate ? { overallRate: job.rate } : {}),
      headers: { authorization: `Bearer ${job.token}`, accept: 'application/json' },
      requests: [
        {
          method: 'GET',
          setupRequest: (req) => ({ ...req, path: job.paths[i++ % job.paths.length] }),
          onResponse: (status, body) => {
            if (status !== 200 || !body.startsWith('{"Code":0')) failed++;
          },
        },
      ],
    },
    (err, r) => (err ? failedRun(err) : done(r)),
  );
  instance.on('response', (_client, _status, _bytes, ms) => samples.push(ms));
  const r = await finished;
  failed += r.errors + r.timeouts;
  return {
    requests: samples.length,
    rps: Math.round((samples.length / (r.duration || job.seconds)) * 10) / 10,
    latency: latencyOf(samples),
    failed,
  };
}

async function postings(job: PostingJob): Promise<PostingResult> {
  const create: number[] = [];
  const approve: number[] = [];
  const total: number[] = [];
  const failures: Record<string, number> = {};
  const fail = (why: string) => {
    failures[why] = (failures[why] ?? 0) + 1;
  };
  const call = async (path: string, body: unknown) => {
    const res = await fetch(job.url + path, {
      method: 'POST',
      headers: { authorization: `Bearer ${job.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { Code: number; Message: string; Data: { Doc_ID: number } };
  };
  const start = performance.now();
  const end = start + job.seconds * 1000;
  const writer = async (w: number) => {
    const rand = mulberry32(job.seed + w);
    while (performance.now() < end) {
      // twenty different materials, so that the posting locks twenty pools
      const seen = new Set<number>();
      const picked: { m: number; l: number }[] = [];
      while (picked.length < job.lines) {
        const s = job.stock[Math.floor(rand() * job.stock.length)];
        if (seen.has(s.m)) continue;
        seen.add(s.m);
        picked.push(s);
      }
      const receipt = rand() < 0.5;
      const Lines = picked.map((s) =>
        receipt
          ? {
              Material_ID: s.m,
              Location_ID: s.l,
              Qty: String(1 + Math.floor(rand() * 50)),
              Unit_Price: (1 + rand() * 99).toFixed(2),
            }
          : { Material_ID: s.m, Location_ID: s.l, Qty: '1' },
      );
      const t0 = performance.now();
      const c = await call('/StockDoc', { Doc_Type: receipt ? 1 : 2, Doc_Date: job.docDate, Lines });
      const t1 = performance.now();
      if (c.Code !== 0) {
        fail(`create: ${c.Message}`);
        continue;
      }
      const a = await call('/StockDoc/Approve', { Doc_ID: c.Data.Doc_ID });
      const t2 = performance.now();
      if (a.Code !== 0) {
        fail(`approve: ${a.Message}`);
        continue;
      }
      create.push(t1 - t0);
      approve.push(t2 - t1);
      total.push(t2 - t0);
    }
  };
  await Promise.all(Array.from({ length: job.writers }, (_, w) => writer(w)));
  const seconds = (performance.now() - start) / 1000;
  return {
    postings: total.length,
    lines: total.length * job.lines,
    seconds: Math.round(seconds * 10) / 10,
    postingsPerSec: Math.round((total.length / seconds) * 10) / 10,
    create: latencyOf(create),
    approve: latencyOf(approve),
    total: latencyOf(total),
    failed: Object.values(failures).reduce((a, b) => a + b, 0),
    failures,
  };
}

const job = workerData as HttpJob | PostingJob;
const result = job.mode === 'http' ? await http(job) : await postings(job);
parentPort?.postMessage(result);
