/**
 * The load generators, run in a process of their own (phases.ts, inWorker) so that sending
 * requests does not share the event loop or the heap of the server under test.
 */
import { Agent, request } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
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
  /**
   * Saves this many drafts first, then only approves them (the posting alone, as a clerk posts what
   * was entered earlier); unset: each writer saves and approves one document after the other.
   */
  drafted?: number;
  /**
   * With drafted: postings per second offered over all writers, each due at its own time, whether
   * or not the answers before it have come (open loop); unset: each writer posts as soon as it has
   * its answer (closed loop, the rate the server reaches).
   */
  rate?: number;
  /**
   * With drafted: tell the bench when the drafts are saved ({ drafted: true }) and wait for its word
   * before the timed part (the bench ends the drafts' checkpoint there: see inWorker).
   */
  pauseBeforeTimed?: boolean;
  /**
   * With drafted: approves this many of the drafts first, unpaced and untimed, so that the timed part
   * meets a server that has just been posting (its statements prepared, its caches and heap in use)
   */
  warmup?: number;
}

export interface PostingResult {
  postings: number;
  lines: number;
  seconds: number;
  postingsPerSec: number;
  /** Drafts saved before the approvals (job.drafted), and how long that took. */
  drafts?: { saved: number; seconds: number };
  /** Drafts approved before the timed part (job.warmup): not in the figures, but in the ledger. */
  warmedUp?: { postings: number; seconds: number };
  /**
   * Paced postings: the p95 from when due of those due in each ten seconds, to show whether a tail
   * comes from a few stalls (a checkpoint under way) or from every part of the run.
   */
  byTenSeconds?: number[];
  /** How long this load process's own event loop was held up in the timed part (ms): its own stalls. */
  loadStalls?: { p99: number; max: number };
  /** The rate offered (job.rate), when the postings were paced. */
  offered?: number;
  create: Latency;
  /** Each approval from when it was sent to its answer. */
  approve: Latency;
  /** Save and approve; when paced, each approval from when it was due to its answer. */
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
  // node:http on kept-alive sockets rather than fetch, which cost the load generator about 2.6 ms
  // of CPU a request here: CPU the server under test shares with it
  const agent = new Agent({ keepAlive: true, maxSockets: job.writers });
  const create: number[] = [];
  const approve: number[] = [];
  const total: number[] = [];
  const failures: Record<string, number> = {};
  const fail = (why: string) => {
    failures[why] = (failures[why] ?? 0) + 1;
  };
  const call = (path: string, body: unknown) =>
    new Promise<{ Code: number; Message: string; Data: { Doc_ID: number } }>((resolve, reject) => {
      const payload = JSON.stringify(body);
      const req = request(
        job.url + path,
        {
          method: 'POST',
          agent,
          headers: {
            authorization: `Bearer ${job.token}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            try {
              resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
            } catch (e) {
              reject(e);
            }
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  // twenty different materials, so that the posting locks twenty pools; half receipts, half issues
  const document = (rand: () => number) => {
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
    return { Doc_Type: receipt ? 1 : 2, Doc_Date: job.docDate, Lines };
  };
  const save = async (rand: () => number) => {
    const t0 = performance.now();
    const c = await call('/StockDoc', document(rand));
    if (c.Code !== 0) {
      fail(`create: ${c.Message}`);
      return null;
    }
    create.push(performance.now() - t0);
    return c.Data.Doc_ID;
  };
  const post = async (id: number) => {
    const t1 = performance.now();
    const a = await call('/StockDoc/Approve', { Doc_ID: id });
    if (a.Code !== 0) {
      fail(`approve: ${a.Message}`);
      return null;
    }
    const ms = performance.now() - t1;
    approve.push(ms);
    return ms;
  };
  const writers = (writer: (w: number) => Promise<void>) =>
    Promise.all(Array.from({ length: job.writers }, (_, w) => writer(w)));

  let drafts: PostingResult['drafts'];
  const queue: number[] = [];
  if (job.drafted) {
    const t = performance.now();
    let wanted = job.drafted;
    await writers(async (w) => {
      const rand = mulberry32(job.seed + w);
      while (wanted-- > 0) {
        const id = await save(rand);
        if (id !== null) queue.push(id);
      }
    });
    drafts = { saved: queue.length, seconds: Math.round((performance.now() - t) / 100) / 10 };
  }
  let warmedUp: PostingResult['warmedUp'];
  if (job.drafted && job.warmup) {
    const t = performance.now();
    let left = job.warmup;
    let posted = 0;
    await writers(async () => {
      for (
        let id = left-- > 0 ? queue.shift() : undefined;
        id !== undefined;
        id = left-- > 0 ? queue.shift() : undefined
      )
        if ((await post(id)) !== null) posted++;
    });
    warmedUp = { postings: posted, seconds: Math.round((performance.now() - t) / 100) / 10 };
    // the figures are the timed part's alone
    approve.length = 0;
  }
  if (job.drafted && job.pauseBeforeTimed) {
    const go = new Promise((resolve) => process.once('message', resolve));
    process.send?.({ drafted: true });
    await go;
  }
  // for tools that sample the processes' CPU over the timed part only (bench/post.ts by hand)
  if (process.env.BENCH_MARK) console.error('timed phase starts');
  const start = performance.now();
  const end = start + job.seconds * 1000;
  const windows: number[][] = [];
  // BENCH_WINDOW_MS narrows the windows of byTenSeconds, to find a stall by hand
  const windowMs = Number(process.env.BENCH_WINDOW_MS ?? 10_000);
  const held = monitorEventLoopDelay({ resolution: 5 });
  held.enable();
  if (job.drafted && job.rate) {
    // a writer that is free takes the next due posting; when all are busy the postings fall behind
    // their times, and that wait counts in their latency (no coordinated omission)
    const interval = 1000 / job.rate;
    let slot = 0;
    await writers(async () => {
      for (;;) {
        const due = start + slot++ * interval;
        const id = due < end ? queue.shift() : undefined;
        if (id === undefined) return;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        if ((await post(id)) === null) continue;
        const ms = performance.now() - due;
        total.push(ms);
        const tenth = Math.floor((due - start) / windowMs);
        windows[tenth] ??= [];
        windows[tenth].push(ms);
      }
    });
  } else if (job.drafted)
    await writers(async () => {
      for (let id = queue.shift(); id !== undefined && performance.now() < end; id = queue.shift()) {
        const ms = await post(id);
        if (ms !== null) total.push(ms);
      }
    });
  else
    await writers(async (w) => {
      const rand = mulberry32(job.seed + w);
      while (performance.now() < end) {
        const t0 = performance.now();
        const id = await save(rand);
        if (id === null || (await post(id)) === null) continue;
        total.push(performance.now() - t0);
      }
    });
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();
  return {
    postings: total.length,
    lines: total.length * job.lines,
    seconds: Math.round(seconds * 10) / 10,
    postingsPerSec: Math.round((total.length / seconds) * 10) / 10,
    drafts,
    warmedUp,
    offered: job.rate,
    loadStalls: { p99: Math.round(held.percentile(99) / 1e5) / 10, max: Math.round(held.max / 1e5) / 10 },
    ...(job.rate ? { byTenSeconds: windows.map((w) => latencyOf(w).p95) } : {}),
    create: latencyOf(create),
    approve: latencyOf(approve),
    total: latencyOf(total),
    failed: Object.values(failures).reduce((a, b) => a + b, 0),
    failures,
  };
}

// the job comes from the bench's process (phases.ts, inWorker) and the figures go back to it
process.once('message', async (job: HttpJob | PostingJob) => {
  const result = job.mode === 'http' ? await http(job) : await postings(job);
  process.send?.(result);
});
