import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const alias = { '@shared': fileURLToPath(new URL('./shared', import.meta.url)) };

/** Tests in api/src that start servers (each file: one per database) run in the api project. */
const apiServerTests = [
  'api/src/{auth,audit,users,catalogue,site,stats,feeds}/**/*.test.ts',
  // The analytics and /go unit tests stay in the unit project; these start servers.
  'api/src/analytics/routes.test.ts',
  'api/src/analytics/reports/*.test.ts',
  'api/src/go/shutdown.test.ts',
  'api/src/http.test.ts',
];

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: [
            'shared/**/*.test.ts',
            'api/src/**/*.test.ts',
            'web/src/**/*.test.{ts,tsx}',
            'desktop/**/*.test.ts',
            // The benches' own helpers.
            'bench/support/*.test.ts',
            // The import walls of eslint.config.js.
            'eslint.walls.test.ts',
          ],
          exclude: [...configDefaults.exclude, ...apiServerTests],
          environment: 'node',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: [
            'api/test/**/*.test.ts',
            ...apiServerTests,
            'e2e/desktop/carried-session.test.ts',
          ],
          globalSetup: ['api/test/support/global-setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file starts its own servers and databases; two at a time suit a 2-core machine.
          maxWorkers: 2,
          // Its own group (after unit) lets one run hold both projects, e.g. `vitest run desktop`.
          sequence: { groupOrder: 1 },
          // Files share a worker's loaded modules: no server state is module-global (each server
          // has its own database, models and caches), and importing the server per file is slow.
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          // `npm run test:desktop-start`: the built desktop main process (out/main) under a
          // stand-in for Electron; npm test runs it right after `npm run desktop:build`.
          name: 'desktop-start',
          include: ['e2e/desktop/startup.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
          sequence: { groupOrder: 3 },
        },
      },
      {
        resolve: { alias },
        test: {
          // `npm run test:faults`: database faults (bad rows, outages, floods), one file at a time.
          name: 'faults',
          include: ['api/test/faults/**/*.fault.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
