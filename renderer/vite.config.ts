import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));

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
  },
  worker: { format: 'es' },
  logLevel: 'warn',
});
