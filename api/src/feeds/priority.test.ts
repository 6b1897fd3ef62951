import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { POSTGRES_ADMIN_URL } from '../../test/support/databases';
import { atLowestPriority, lastAllowedCore, localBackendOf, lowestPriority } from './priority';

const SCHED_IDLE = 5;

/** nice and policy of a process's main thread (fields 19 and 41 of /proc/PID/stat). */
function priorityOf(pid: number) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { nice: Number(fields[16]), policy: Number(fields[38]) };
}

describe('the PostgreSQL backend of a connection', () => {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  beforeAll(() => client.connect());
  afterAll(() => client.end());

  it('is found on this machine, and is the one PostgreSQL names for the connection', async () => {
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    expect(localBackendOf(client)).toBe(rows[0]!.pid);
  });

  it('is not taken for a process that only shares its number', () => {
    // The number PostgreSQL reports, were the server elsewhere: this test's own process.
    const stream = { localPort: 40_000, remoteAddress: '127.0.0.1' };
    expect(localBackendOf({ processID: process.pid, connection: { stream } })).toBeNull();
    // Another connection's backend: its title names another port.
    const other = { ...client, connection: { stream: { ...stream, localPort: 1 } } };
    expect(localBackendOf(other)).toBeNull();
    // A server reached over the network.
    const remote = {
      processID: (client as unknown as { processID: number }).processID,
      connection: { stream: { localPort: 40_000, remoteAddress: '10.0.0.5' } },
    };
    expect(localBackendOf(remote)).toBeNull();
    expect(localBackendOf(null)).toBeNull();
    expect(localBackendOf({ processID: 0 })).toBeNull();
  });
});

/** The cores a process may run on (Cpus_allowed_list of /proc/PID/status). */
function coresOf(pid: number) {
  return /^Cpus_allowed_list:\s*(\S+)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
}

it('gives a process and its threads nice 19, the idle scheduling class and the last core', async () => {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  try {
    await once(child, 'spawn');
    const before = coresOf(child.pid!);
    lowestPriority(child.pid!);
    expect(priorityOf(child.pid!)).toEqual({ nice: 19, policy: SCHED_IDLE });
    // On a machine of several cores it keeps to the highest one it was allowed.
    const last = lastAllowedCore(process.pid);
    expect(coresOf(child.pid!)).toBe(last === null ? before : String(last));
    if (os.availableParallelism() > 1) expect(last).toBe(Number(before!.split(/[-,]/).pop()));
  } finally {
    child.kill();
  }
});

it('starts no chrt for a process whose threads have the idle class already', async () => {
  const start = () =>
    spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  const child = start();
  const other = start();
  // A chrt that only says it ran, first on PATH.
  const bin = mkdtempSync(path.join(os.tmpdir(), 'diskonradar-chrt-'));
  const ran = path.join(bin, 'ran');
  writeFileSync(path.join(bin, 'chrt'), `#!/bin/sh\necho "$@" >> '${ran}'\n`, { mode: 0o755 });
  try {
    await Promise.all([once(child, 'spawn'), once(other, 'spawn')]);
    lowestPriority(child.pid!);
    expect(priorityOf(child.pid!)).toEqual({ nice: 19, policy: SCHED_IDLE });
    vi.stubEnv('PATH', `${bin}:${process.env.PATH}`);
    lowestPriority(child.pid!);
    expect(existsSync(ran)).toBe(false);
    // A process of the normal class still gets it.
    lowestPriority(other.pid!);
    expect(readFileSync(ran, 'utf8')).toContain(String(other.pid));
  } finally {
    vi.unstubAllEnvs();
    child.kill();
    other.kill();
    rmSync(bin, { recursive: true, force: true });
  }
});

it('starts a command in the idle class and on the last core from its first instruction', async () => {
  // The child reports its own class and cores before it does anything else.
  const report =
    "const fs = require('fs'); const stat = fs.readFileSync('/proc/self/stat', 'utf8');" +
    "const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');" +
    "const cores = /^Cpus_allowed_list:\\s*(\\S+)$/m.exec(fs.readFileSync('/proc/self/status', 'utf8'))[1];" +
    'process.stdout.write(JSON.stringify({ policy: Number(fields[38]), cores }));';
  const { command, args } = await atLowestPriority(process.execPath, ['-e', report]);
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'close')) as [number];
  expect(code).toBe(0);
  const started = JSON.parse(output) as { policy: number; cores: string };
  expect(started.policy).toBe(SCHED_IDLE);
  const last = lastAllowedCore(process.pid);
  expect(started.cores).toBe(last === null ? coresOf(process.pid) : String(last));
});
