import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = { '@shared': fileURLToPath(new URL('./shared', import.meta.url)) };

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
          ],
          environment: 'node',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['api/test/**/*.test.ts', 'e2e/desktop/carried-session.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file starts its own servers and databases; two at a time suit a 2-core machine.
          maxWorkers: 2,
          // Its own group (after unit) lets one run hold both projects, e.g. `vitest run desktop`.
          sequence: { groupOrder: 1 },
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
