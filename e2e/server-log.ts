import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { test as base, type TestInfo } from '@playwright/test';

/**
 * The e2e server's own log (watch sends, feed runs, background errors) is kept in its data
 * folder rather than printed among the reporter's lines; a test that fails gets the lines
 * logged while it ran, so a failure on CI (a flaky retry included) shows the server's side.
 */
export function serverLogPath(dataDir: string): string {
  return path.join(dataDir, 'server.log');
}

function logSize(file: string): number {
  return existsSync(file) ? statSync(file).size : 0;
}

/** Call at a test's start; the returned function attaches the test's lines if it failed. */
export function watchServerLog(): (testInfo: TestInfo) => Promise<void> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) return async () => undefined;
  const file = serverLogPath(dataDir);
  const from = logSize(file);
  return async (testInfo) => {
    if (testInfo.status === testInfo.expectedStatus) return;
    // At most the last 64 KB of what the test's run logged.
    const to = logSize(file);
    const start = Math.max(from, to - 65_536);
    const buffer = Buffer.alloc(to - start);
    const fd = openSync(file, 'r');
    try {
      readSync(fd, buffer, 0, buffer.length, start);
    } finally {
      closeSync(fd);
    }
    await testInfo.attach('server log while the test ran', {
      body: buffer.length > 0 ? buffer : Buffer.from('(nothing logged)\n'),
      contentType: 'text/plain',
    });
  };
}

/** Playwright's test with the server log attached to every failed test (both fixture sets). */
export const test = base.extend<{ serverLogOnFailure: void }>({
  serverLogOnFailure: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures it needs from this pattern
    async ({}, provide, testInfo) => {
      const attach = watchServerLog();
      await provide();
      await attach(testInfo);
    },
    { auto: true },
  ],
});
