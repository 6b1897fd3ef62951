import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm start` writes its pid to DATA_DIR/server.pid (the primary's, in cluster mode) so that
 * `npm run reload` finds it; the file goes when the process exits (docs/operations.md).
 */
export interface PidFile {
  pid: number;
  /** 'cluster': a primary that reloads on SIGHUP; 'single': one process, no reload. */
  mode: 'cluster' | 'single';
}

export function pidFilePath(dataDir: string): string {
  return path.join(dataDir, 'server.pid');
}

/** Writes this process's pid file and removes it on exit (if it is still this process's). */
export function writePidFile(dataDir: string, mode: PidFile['mode']): void {
  const file = pidFilePath(dataDir);
  const content: PidFile = { pid: process.pid, mode };
  writeFileSync(file, `${JSON.stringify(content)}\n`);
  process.on('exit', () => {
    if (readPidFile(dataDir)?.pid === process.pid) rmSync(file, { force: true });
  });
}

export function readPidFile(dataDir: string): PidFile | null {
  try {
    const parsed = JSON.parse(readFileSync(pidFilePath(dataDir), 'utf8')) as Partial<PidFile>;
    if (typeof parsed.pid !== 'number' || !Number.isInteger(parsed.pid) || parsed.pid <= 0) {
      return null;
    }
    return { pid: parsed.pid, mode: parsed.mode === 'cluster' ? 'cluster' : 'single' };
  } catch {
    return null;
  }
}

/** Whether a process with this pid exists (signal 0 checks without sending anything). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
