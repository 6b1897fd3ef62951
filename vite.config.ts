import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('./web', import.meta.url));
const repoRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * Writes .vite/chunk-modules.json (chunk file -> source modules) beside the client build, so the
 * public benchmark can prove that no admin module is among what `/` loads.
 */
function chunkModulesReport(): Plugin {
  return {
    name: 'diskonradar-chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      if (chunks.some((chunk) => chunk.fileName === 'entry-server.js')) return;
      const report: Record<string, string[]> = {};
      for (const chunk of chunks) {
        report[chunk.fileName] = chunk.moduleIds.map((id) =>
          id.startsWith(repoRoot) ? id.slice(repoRoot.length) : id,
        );
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-modules.json',
        source: JSON.stringify(report, null, 1),
      });
    },
  };
}

/**
 * Two HTML entries: the public site (server-rendered, hydrated) and the admin back office
 * (client-only, Mantine). Separate entries keep admin code out of every public page.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root,
  publicDir: false,
  plugins: [react(), chunkModulesReport()],
  resolve: {
    alias: { '@shared': fileURLToPath(new URL('./shared', import.meta.url)) },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('./web/index.html', import.meta.url)),
        admin: fileURLToPath(new URL('./web/admin.html', import.meta.url)),
        // The price watches' service worker: one small file at /sw.js (its scope is '/').
        sw: fileURLToPath(new URL('./web/src/public/watches/sw.ts', import.meta.url)),
      },
      // The server render's entry keeps its own name (dist/ssr/entry-server.js).
      output: isSsrBuild
        ? {}
        : {
            entryFileNames: (chunk) => (chunk.name === 'sw' ? 'sw.js' : 'assets/[name]-[hash].js'),
          },
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3001',
      '/media': 'http://localhost:3001',
      '/go': 'http://localhost:3001',
      '/ws': { target: 'ws://localhost:3001', ws: true },
    },
  },
}));
