import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'core/**/*.test.ts',
      'cli/**/*.test.ts',
      'sandbox/**/*.test.ts',
      'test/**/*.test.ts',
      'host/**/*.test.ts',
    ],
    setupFiles: ['./test/support/message-coverage.setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
