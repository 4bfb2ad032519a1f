import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Rolldown } from 'vite';

type RolldownOptions = Rolldown.RolldownOptions;

const here = fileURLToPath(new URL('.', import.meta.url));

/**
 * The engine loads the checks across files lazily, so the command line's bundle keeps them in a chunk of
 * their own. The validation worker imports them itself (it runs them on the files it checked), so here the
 * lazy import cannot split anything: said once, not at every build.
 */
const quietLazyAcrossFiles: NonNullable<RolldownOptions['onLog']> = (level, log, handler) => {
  if (log.code === 'INEFFECTIVE_DYNAMIC_IMPORT' && log.message.includes('check-across-files')) return;
  handler(level, log);
};

/**
 * The renderer, built once into dist/renderer and served by both hosts (Electron's app:// protocol and the
 * browser host). Relative asset paths, so it works under either origin; workers as ES modules.
 */
export default defineConfig({
  root: here,
  base: './',
  plugins: [react()],
  // Nothing is fetched at run time: no CDN, no inline scripts (the CSP forbids them).
  build: {
    outDir: fileURLToPath(new URL('../dist/renderer', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 4096,
    rolldownOptions: { onLog: quietLazyAcrossFiles },
  },
  worker: { format: 'es', rolldownOptions: { onLog: quietLazyAcrossFiles } },
  logLevel: 'warn',
});
