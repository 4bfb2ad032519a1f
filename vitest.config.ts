import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Two projects. Library tests (core/ and the renderer's plain helpers are pure: no Node built-ins, no side effects at import, no globals
 * to mutate; the corpus, Modus, geometry and prescription tests only call it) share one module graph per
 * worker instead of re-importing it for each file: that per-file isolation was most of the suite's time.
 * CLI runs, the sandbox's servers and package checks keep isolation. Browser tests (Chromium driving the app)
 * run after the rest (test/support/run-tests.ts), two files at a time: they mostly wait on the page. One runs
 * last and alone (browser-alone): the one that stops a host and starts it again on its port. (No test holds
 * the page to a speed that another test on the machine could stretch: the benches do, `npm run bench`.)
 */
const aloneBrowserTests = ['test/e2e/app-states.test.ts'];
const browserTests = ['test/e2e/**/*.test.ts', 'test/app/browser-host-e2e.test.ts'];
const shared = {
  setupFiles: ['./test/support/message-coverage.setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 30_000,
};

const browser = {
  ...shared,
  testTimeout: 90_000,
  hookTimeout: 90_000,
  // A page answers a drop or a click within a second when the machine is idle, not when another test shares
  // its two cores: expect.poll waits up to 10 s (its default is 1 s) before failing.
  expect: { poll: { timeout: 10_000 } },
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: 'library',
          include: [
            'core/**/*.test.ts',
            'renderer/**/*.test.ts',
            'test/{modus,geometry,rx,boundary,cross-file}/**/*.test.ts',
          ],
          isolate: false,
        },
      },
      {
        test: {
          ...shared,
          name: 'isolated',
          include: [
            'cli/**/*.test.ts',
            'sandbox/**/*.test.ts',
            'test/**/*.test.ts',
            'host/**/*.test.ts',
            'node/**/*.test.ts',
          ],
          exclude: [
            ...configDefaults.exclude,
            'test/{modus,geometry,rx,boundary,cross-file}/**/*.test.ts',
            ...browserTests,
          ],
        },
      },
      {
        test: {
          ...browser,
          name: 'browser',
          include: browserTests,
          exclude: [...configDefaults.exclude, ...aloneBrowserTests],
          maxWorkers: 2,
        },
      },
      {
        test: {
          ...browser,
          name: 'browser-alone',
          include: aloneBrowserTests,
          fileParallelism: false,
        },
      },
    ],
  },
});
