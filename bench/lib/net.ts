import { createServer } from 'node:net';

/** A port nothing listens on now, for a server started in another process. */
export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer()
      .once('error', fail)
      .listen(0, '127.0.0.1', () => {
        const a = s.address();
        s.close(() => ok(typeof a === 'object' && a ? a.port : 0));
      });
  });
}
