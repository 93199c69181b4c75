import { defineConfig } from 'vitest/config';

// The second database runs only what touches a database: web components and pure logic do not
// change with it (.ci/run sets this for its PostgreSQL pass).
const databaseOnly = process.env.MES_TEST_DATABASE_ONLY === '1';
const withoutDatabase = ['apps/web/**', 'engine/web/**', 'engine/model/**', '**/logic/**', 'scripts/**'];
// The browser journeys drive the same pages over the same server code whichever the database: on
// the second database only the stock journey runs (the issue's own). All of them in both passes
// took CI to 1,781 s of its 30 minutes on a slow two-core machine.
const journeysOnce = ['e2e/**/!(inventory).test.ts'];

// Test files by kind, by glob so that new modules' files fall in without a list (README, Testing):
// - dom: the .tsx files, each in jsdom with its own process (they mock modules and leave antd's
//   portals in the document, so they do not share one);
// - e2e: the browser journeys, one process each (they set WEB_DIST for the server they start);
// - node: the rest (API tests, engine, logic) share a process per worker, which keeps the module
//   graph imported once per worker instead of once per file (a third of the suite's time). Each file
//   still opens its own database and server (apps/server/src/testing.ts), and what a file changes
//   in process.env it puts back. MES_TEST_ISOLATE=1 gives each its own process again.
const DOM = ['engine/**/*.test.tsx', 'modules/**/*.test.tsx', 'apps/**/*.test.tsx'];
const E2E = ['e2e/**/*.test.ts'];
const ALL = [
  'engine/**/*.test.{ts,tsx}',
  'modules/**/*.test.{ts,tsx}',
  'apps/**/*.test.{ts,tsx}',
  'e2e/**/*.test.ts',
  'scripts/**/*.test.ts',
];
const EXCLUDE = [
  '**/node_modules/**',
  '**/dist/**',
  ...(databaseOnly ? [...withoutDatabase, ...journeysOnce] : []),
];

export default defineConfig({
  test: {
    projects: [
      { extends: true, test: { name: 'dom', include: DOM, exclude: EXCLUDE } },
      { extends: true, test: { name: 'e2e', include: E2E, exclude: [...EXCLUDE, ...DOM] } },
      {
        extends: true,
        test: {
          name: 'node',
          include: ALL,
          exclude: [...EXCLUDE, ...DOM, ...E2E],
          isolate: process.env.MES_TEST_ISOLATE === '1',
        },
      },
    ],
    environment: 'node',
    globalSetup: ['./vitest.global-setup.ts'],
    // browser journeys share two cores with the rest of the suite; a step may wait its turn
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // a poll's default of one second is shorter than one request on a loaded two-core machine
    expect: { poll: { timeout: 15_000, interval: 100 } },
    pool: 'forks',
    // PGlite instances are memory-hungry; keep parallelism modest on 2-core machines.
    maxWorkers: 3,
    // React's scheduler may run one last task after a jsdom file has been torn down; that task
    // belongs to no test and finds no window. Only that exact case is ignored.
    onUnhandledError(error) {
      const e = error as { name?: string; message?: string; stack?: string };
      const lateScheduler =
        e.name === 'ReferenceError' &&
        e.message === 'window is not defined' &&
        /react-dom|scheduler/.test(e.stack ?? '');
      // a console line a jsdom file printed as its worker closed: the tests had finished
      const lateConsole = e.name === 'EnvironmentTeardownError' && /onUserConsoleLog/.test(e.message ?? '');
      return !(lateScheduler || lateConsole);
    },
  },
});
