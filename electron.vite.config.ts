import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const alias = { '@shared': fromRoot('./shared') };

/**
 * The desktop app: desktop/main (Node, ESM), desktop/preload (sandboxed, so one CommonJS file)
 * and desktop/renderer (mounts the web admin screens). Everything is bundled, so the packaged
 * app needs no node_modules; the output goes to out/ (dist/ belongs to the web build).
 */
export default defineConfig({
  main: {
    resolve: { alias },
    build: {
      outDir: fromRoot('./out/main'),
      externalizeDeps: false,
      rollupOptions: {
        input: { index: fromRoot('./desktop/main/main.ts') },
        // ws loads these native speed-ups only when they are installed; it works without them.
        external: ['electron', 'bufferutil', 'utf-8-validate'],
      },
    },
  },
  preload: {
    resolve: { alias },
    build: {
      outDir: fromRoot('./out/preload'),
      externalizeDeps: false,
      rollupOptions: {
        input: { index: fromRoot('./desktop/preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: fromRoot('./desktop/renderer'),
    base: './',
    publicDir: false,
    resolve: { alias },
    plugins: [react()],
    build: {
      outDir: fromRoot('./out/renderer'),
      emptyOutDir: true,
      rollupOptions: { input: { index: fromRoot('./desktop/renderer/index.html') } },
    },
  },
});
