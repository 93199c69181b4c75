// The entry of a heavyPool worker thread. Under `tsx` (dev and `npm start`) a worker inherits its
// loader and imports TypeScript as it is; under vitest it does not, so tsx is registered here first.
// (The second import asks under another URL: a failed import is remembered for its URL.)
try {
  await import('./heavyWorker.ts');
} catch (e) {
  if (e?.code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw e;
  const { register } = await import('tsx/esm/api');
  register();
  await import('./heavyWorker.ts?tsx');
}
