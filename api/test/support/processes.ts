import { fork, spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SERVER_ENTRY = fileURLToPath(new URL('./server-process.ts', import.meta.url));
const START_CLI = fileURLToPath(new URL('../../src/cli/start.ts', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  port: number;
  pid: number;
  /** Everything the process printed so far. */
  output(): string;
  /** SIGTERM; resolves with the exit code. */
  stop(): Promise<number | null>;
}

function collect(child: ChildProcess): () => string {
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return () => text;
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve(child.exitCode);
  }
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

function stopper(child: ChildProcess): () => Promise<number | null> {
  return () => {
    const done = exited(child);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return done;
  };
}

/** A server (api/test/support/server-process.ts) in a child process, configured by `env`. */
export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 50_000,
): Promise<ServerProcess> {
  const child = fork(SERVER_ENTRY, {
    cwd: ROOT,
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const output = collect(child);
  const ready = await new Promise<{ port: number; pid: number }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start: ${output()}`)), timeoutMs);
    child.once('message', (message) => {
      clearTimeout(timer);
      resolve(message as { port: number; pid: number });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code}: ${output()}`));
    });
  });
  return {
    child,
    port: ready.port,
    pid: ready.pid,
    url: `http://127.0.0.1:${ready.port}`,
    output,
    stop: stopper(child),
  };
}

/** `npm start`'s server entry (api/src/cli/start.ts) run with tsx, as dist/server/start.js runs. */
export function startCli(env: Record<string, string>): Omit<ServerProcess, 'url' | 'port' | 'pid'> {
  const child = spawn(process.execPath, ['--import', 'tsx', START_CLI], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { child, output: collect(child), stop: stopper(child) };
}

/** Polls `check` until it returns a value (not undefined) or the deadline passes. */
export async function waitFor<T>(
  check: () => T | undefined | Promise<T | undefined>,
  timeoutMs: number,
  intervalMs = 25,
): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) return undefined;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
