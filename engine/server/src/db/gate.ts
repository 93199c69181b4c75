import { availableParallelism } from 'node:os';

/**
 * Lets at most `size` callers run at once; the others wait their turn, in order. Postings take it
 * (ApprovalService): they lock the stock rows of their materials until they commit, and twenty
 * postings at once mostly wait on each other's locks while holding a connection each, so the locks
 * are held longer still (measured: twenty at once reached fewer postings a second, at twice the
 * latency, than four at once with the rest waiting here, where they hold nothing).
 */
export class Gate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new Error(`Gate size must be a positive integer: ${size}`);
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.running < this.size) this.running++;
    // the caller that leaves hands its place over, so `running` stays counted
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  /** Callers running and waiting now (for tests and diagnostics). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}

/** Postings at once: POSTING_CONCURRENCY, by default twice the cores (the database's, on one machine). */
export function postingConcurrency(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.POSTING_CONCURRENCY);
  return Number.isInteger(n) && n > 0 ? n : Math.max(2, 2 * availableParallelism());
}
