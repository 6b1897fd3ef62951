import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Peak resident memory so far (VmHWM), in MB. */
  peakRssMb(): number;
  /** Resident memory now (VmRSS), in MB. */
  rssMb(): number;
  /**
   * Memory now of the server and every process it started (a feed run's), in MB: the sum of
   * their proportional set sizes (Pss), so the pages they share (Node's own code) count once.
   */
  treePssMb(): number;
  stop(): Promise<void>;
}

/**
 * The Node flags and the environment `npm start` gives the server (package.json's `start`
 * script: `exec [env NAME=value ...] node [flags] dist/server/start.js`), read from there so
 * that a bench always runs the server, and the yardsticks that stand beside it, as it runs.
 */
export function startCommand(startScript: string): {
  flags: string[];
  env: Record<string, string>;
} {
  const match = /\bexec (?:env ((?:\w+=\S+ )+))?node ((?:--\S+ )*)dist\/server\/start\.js/.exec(
    startScript,
  );
  if (!match) throw new Error(`no node command found in the start script: ${startScript}`);
  const words = (text = '') => text.split(' ').filter(Boolean);
  const env = Object.fromEntries(
    words(match[1]).map((pair) => pair.split('=') as [string, string]),
  );
  return { flags: words(match[2]), env };
}

const START_COMMAND = startCommand(
  (
    JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      scripts: { start: string };
    }
  ).scripts.start,
);
export const SERVER_NODE_FLAGS = START_COMMAND.flags;
export const SERVER_ENV = START_COMMAND.env;

function readStatusKb(pid: number, field: string): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

function readPssKb(pid: number): number {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    return Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** A process and its descendants, from /proc/PID/task/TID/children. */
function processTree(pid: number): number[] {
  const tree = [pid];
  for (let index = 0; index < tree.length; index++) {
    try {
      for (const thread of readdirSync(`/proc/${tree[index]}/task`)) {
        const children = readFileSync(`/proc/${tree[index]}/task/${thread}/children`, 'utf8');
        tree.push(...children.split(' ').filter(Boolean).map(Number));
      }
    } catch {
      // Ended while it was read.
    }
  }
  return tree;
}

/**
 * Starts a Node script in its own process (so the load generator does not share its event loop)
 * and waits until it prints the line that says it is listening.
 */
export async function startProcess(
  script: string,
  env: Record<string, string>,
  readyPattern: RegExp,
  options: { serverFlags?: boolean } = {},
): Promise<ServerProcess> {
  // TypeScript sources run through tsx; the built server bundle runs as plain JavaScript.
  // The built bundle gets the same V8 flags and environment as `npm start` (package.json): a
  // small young generation, a heap ceiling (which lowers V8's heap growing factor) and two malloc
  // arenas keep the server's resident memory down under load (docs/decisions.md, "`npm start`
  // runs a bundle" and "two malloc arenas").
  // BENCH_SERVER_NODE_ARGS adds Node flags to the started process (`--cpu-prof
  // --cpu-prof-dir=/tmp/prof`, `--heap-prof`: Node refuses those in NODE_OPTIONS).
  const extra = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // `serverFlags`: a TypeScript script that stands in for the server gets them too.
  const typescript = script.endsWith('.ts');
  const asServer = !typescript || options.serverFlags === true;
  const flags = asServer ? SERVER_NODE_FLAGS : [];
  const args = [...flags, ...extra, ...(typescript ? ['--import', 'tsx'] : []), script];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      ...(asServer ? SERVER_ENV : {}),
      NODE_ENV: 'production',
      SESSION_SECRET: 'bench-secret',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${script} did not start:\n${output}`)),
      120_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = readyPattern.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}):\n${output}`)));
  });
  return {
    url,
    child,
    peakRssMb: () => Math.round(readStatusKb(child.pid!, 'VmHWM') / 1024),
    rssMb: () => Math.round(readStatusKb(child.pid!, 'VmRSS') / 1024),
    treePssMb: () =>
      Math.round(processTree(child.pid!).reduce((sum, pid) => sum + readPssKb(pid), 0) / 1024),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * BENCH_SERVER_BUNDLE runs another build of the server (e.g. a copy of the bundle before a
 * change, `dist/server/start-before.js`, beside it so it finds the same dist/ssr and
 * dist/web): a before/after from one checkout, back to back.
 */
export const SERVER_BUNDLE = process.env.BENCH_SERVER_BUNDLE ?? 'dist/server/start.js';

/** The production server as `npm start` runs it (built by `npm run build:server`). */
export function startApiServer(env: Record<string, string>): Promise<ServerProcess> {
  return startProcess(
    SERVER_BUNDLE,
    { PORT: '0', HOST: '127.0.0.1', ...env },
    /serving at (http:\/\/\S+)/,
  );
}
