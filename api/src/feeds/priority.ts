import { execFile, execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * The lowest CPU priority for a process the feed run works through: the feed process itself,
 * and on PostgreSQL the server processes ("backends") that execute its statements when the
 * database runs on this machine. Linux only past nice; elsewhere, or where it is not permitted
 * (another user's backend without CAP_SYS_NICE), the process keeps its priority and the run
 * goes on.
 *
 * On Linux a nice value is a thread's own and a new thread takes its creator's: each thread
 * that exists now (for Node: the main one, V8's, libuv's pool where SQLite runs its
 * statements) is set, and the rest inherit it. Linux's idle scheduling class goes on top
 * (util-linux's chrt; Node has no call for it): a thread of the site that wakes takes the core
 * at once, where at nice 19 it waited for the running slice to end. On several cores the
 * process keeps to the last one (taskset, lastAllowedCore).
 */
export function lowestPriority(pid: number): void {
  const threads = (() => {
    try {
      return readdirSync(`/proc/${pid}/task`).map(Number);
    } catch {
      return [pid];
    }
  })();
  for (const thread of threads) {
    try {
      setPriority(thread, 19);
    } catch {
      // Gone already, or not permitted.
    }
  }
  // Called again and again (the feed worker: for each new connection of its pool), so a process
  // whose threads all have the idle class already (new ones inherit it, and its core) gets no
  // chrt or taskset process.
  if (process.platform !== 'linux' || threads.every((thread) => runsIdle(pid, thread))) return;
  const core = lastAllowedCore(pid);
  if (core !== null) {
    try {
      execFileSync('taskset', ['--all-tasks', '--cpu-list', '--pid', String(core), String(pid)], {
        stdio: 'ignore',
        timeout: 5_000,
      });
    } catch {
      // No taskset, or not permitted: every core.
    }
  }
  try {
    execFileSync('chrt', ['--all-tasks', '--idle', '--pid', '0', String(pid)], {
      stdio: 'ignore',
      timeout: 5_000,
    });
  } catch {
    // No chrt, or not permitted: nice 19 alone.
  }
}

/**
 * The highest core a process may run on, when it may run on more than one: the feed process and
 * its backends keep to it (taskset), so the site's other cores stay clear of their work. With
 * the idle class alone a run's processes held both cores of a 2-core machine between the
 * site's requests, and even `/healthz` took 2-4x longer at p95 during a PostgreSQL run: kept
 * to one core, the list page's p95 during a run went 7.4-9.0 ms -> 5.6-6.4 ms, for 5% of the
 * rows per second (docs/decisions.md, "Feed runs"). Null: one core, or unknown.
 */
export function lastAllowedCore(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const list = /^Cpus_allowed_list:\s*(\S+)$/m.exec(status)?.[1];
    if (!list) return null;
    const cores = list.split(',').flatMap((range) => {
      const [first, last = first] = range.split('-').map(Number);
      return Array.from({ length: last! - first! + 1 }, (_, index) => first! + index);
    });
    return cores.length > 1 ? Math.max(...cores) : null;
  } catch {
    return null;
  }
}

/**
 * How to start `command` already in the idle scheduling class and kept to the last core, from
 * its first instruction: `chrt --idle 0 taskset --cpu-list CORE command ...args` (each execs
 * the next in place, so the process keeps one pid, and its threads inherit both). Loaded at the
 * normal priority, the feed process competed with the site for about half a second at the
 * start of every run, where a run's slowest visitor pages clustered (5 of the 40 past its p95
 * in its first 0.9 s: docs/decisions.md, "Feed runs", session 38). The command as it is where chrt is missing or not
 * permitted (checked once, by running `true` so); lowestPriority still follows once loaded.
 */
export async function atLowestPriority(
  command: string,
  args: readonly string[],
): Promise<{ command: string; args: string[] }> {
  if (process.platform !== 'linux') return { command, args: [...args] };
  const core = lastAllowedCore(process.pid);
  const prefix = [
    'chrt',
    '--idle',
    '0',
    ...(core === null ? [] : ['taskset', '--cpu-list', String(core)]),
  ];
  idleStartWorks ??= new Promise((resolve) => {
    execFile(prefix[0]!, [...prefix.slice(1), 'true'], { timeout: 5_000 }, (error) =>
      resolve(!error),
    );
  });
  if (!(await idleStartWorks)) return { command, args: [...args] };
  return { command: prefix[0]!, args: [...prefix.slice(1), command, ...args] };
}

let idleStartWorks: Promise<boolean> | null = null;

const SCHED_IDLE = 5;

/** Whether a thread's scheduling policy (field 41 of its /proc stat) is SCHED_IDLE. */
function runsIdle(pid: number, thread: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/task/${thread}/stat`, 'utf8');
    // The fields after the command's name, which may hold spaces and parentheses: 3 onwards.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[41 - 3]) === SCHED_IDLE;
  } catch {
    return false;
  }
}

/** What node-postgres's Client exposes of the backend it talks to. */
interface PostgresClient {
  processID?: number | null;
  connection?: { stream?: { localPort?: number; remoteAddress?: string } };
}

/**
 * The process id of the PostgreSQL backend serving `client`, when that backend is a process of
 * this machine that can be told apart for certain; otherwise null. The id PostgreSQL reports is
 * the server's: on another machine, or in a container's own process namespace, the same number
 * can be an unrelated local process, so it counts only if that process is a postgres backend
 * whose title names this connection's own port (`postgres: user db 127.0.0.1(54321) ...`).
 * A connection over a Unix socket is local by construction; its title says `[local]`.
 */
export function localBackendOf(client: unknown): number | null {
  const { processID, connection } = (client ?? {}) as PostgresClient;
  if (typeof processID !== 'number' || !Number.isInteger(processID) || processID <= 0) return null;
  const stream = connection?.stream;
  const tcp = typeof stream?.localPort === 'number';
  if (tcp && !isLoopback(stream.remoteAddress)) return null;
  try {
    if (readFileSync(`/proc/${processID}/comm`, 'utf8').trim() !== 'postgres') return null;
    const title = readFileSync(`/proc/${processID}/cmdline`, 'utf8');
    const names = tcp ? `(${stream.localPort})` : '[local]';
    return title.startsWith('postgres:') && title.includes(names) ? processID : null;
  } catch {
    return null;
  }
}

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}
