import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Transaction } from 'sequelize';
import type { ClickRow } from '../api/src/analytics';
import { ANALYTICS_BATCH_LOCK } from '../api/src/analytics/write-buffer';
import { clickDeriveStatements, stageClickRows } from '../api/src/analytics/click-log';
import { openDatabase } from '../api/src/db/database';
import { migrate } from '../api/src/db/migrate';
import { execute } from '../api/src/db/sql';
import { ClickRecorder } from '../api/src/go';
import { createScratchPostgres } from './support/databases';

/**
 * Where a batch of /go clicks costs PostgreSQL's backend (issue 26): batches of new visitors'
 * clicks (a new address each, 40 phone agents: the go bench's `addresses` crowd) recorded by
 * the product's ClickRecorder, then written as the write buffer's click path writes them (the
 * advisory lock, the click log insert, each statement of clickDeriveStatements) in one
 * transaction per batch, each statement timed by the clock and by the backend's own CPU
 * (/proc, 10 ms ticks, summed over the rounds). The last round runs every statement under
 * EXPLAIN (ANALYZE, BUFFERS, WAL) and prints its planning and execution time and WAL
 * (CLICK_PROFILE_PLANS=1: each statement's plan instead). The transaction turns JIT off as
 * the write buffer's does (CLICK_PROFILE_JIT=on leaves the server's setting, as before
 * session 41). `npx tsx bench/click-derive.profile.ts`; CLICK_PROFILE_BATCH (2,000),
 * CLICK_PROFILE_ROUNDS (20). A diagnostic: nothing in the product or `npm run bench` runs it.
 */
const BATCH = Number(process.env.CLICK_PROFILE_BATCH ?? 2000);
const ROUNDS = Number(process.env.CLICK_PROFILE_ROUNDS ?? 20);
const WARM_UP = 3;
const AGENTS = Array.from(
  { length: 40 },
  (_, i) =>
    `Mozilla/5.0 (Linux; Android ${10 + (i % 5)}; SM-A${100 + i * 7}E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${120 + (i % 12)}.0.0.0 Mobile Safari/537.36`,
);
const PLATFORMS = ['Shopee', 'Tokopedia', 'Lazada'];

function backendCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

interface Step {
  label: string;
  wallMs: number;
  cpuMs: number;
}

export async function run(): Promise<void> {
  const scratch = await createScratchPostgres('clickprofile');
  const db = await openDatabase({ databaseUrl: scratch.url, dataDir: '/tmp' });
  try {
    await migrate(db);
    let rows: ClickRow[] = [];
    const recorder = new ClickRecorder({
      secret: 'bench-secret',
      sink: {
        addClick: (row) => (rows.push(row), true),
        addBot: () => true,
      },
    });
    const steps = new Map<string, Step>();
    let visitor = 0;
    const { clear, derive } = clickDeriveStatements(db);
    const statements = [clear, ...derive];
    const labels = [
      'lock',
      'stage the batch (stageClickRows)',
      ...statements.map((sql, index) => `${index}: ${sql.replace(/\s+/g, ' ').slice(0, 70)}`),
    ];
    for (let round = 0; round < ROUNDS + WARM_UP + 1; round += 1) {
      rows = [];
      for (let i = 0; i < BATCH; i += 1) {
        visitor += 1;
        const linkId = (visitor % 600) + 1;
        recorder.record({
          linkId,
          productId: `00000000-0000-4000-8000-${String(linkId).padStart(12, '0')}`,
          categoryId: String(1 + (linkId % 8)),
          platform: PLATFORMS[linkId % 3]!,
          ip: `${11 + ((visitor >> 16) & 127)}.${(visitor >> 8) & 255}.${visitor & 255}.7`,
          userAgent: AGENTS[visitor % AGENTS.length]!,
          fromPath: null,
        });
      }
      const explain = round === ROUNDS + WARM_UP;
      await db.write(async (transaction: Transaction) => {
        const [{ pid }] = (await execute(db, transaction, 'SELECT pg_backend_pid() AS pid')) as [
          { pid: number },
        ];
        const timed = async (label: string, work: () => Promise<unknown>) => {
          const cpu = backendCpuMs(pid);
          const start = performance.now();
          const result = await work();
          if (round >= WARM_UP && !explain) {
            const step = steps.get(label) ?? { label, wallMs: 0, cpuMs: 0 };
            step.wallMs += performance.now() - start;
            step.cpuMs += backendCpuMs(pid) - cpu;
            steps.set(label, step);
          }
          return result;
        };
        await timed(labels[0]!, () =>
          execute(
            db,
            transaction,
            process.env.CLICK_PROFILE_JIT === 'on'
              ? 'SELECT pg_advisory_xact_lock(?)'
              : `SELECT pg_advisory_xact_lock(?), set_config('jit', 'off', TRUE)`,
            [ANALYTICS_BATCH_LOCK],
          ),
        );
        for (const [index, sql] of statements.entries()) {
          if (index === 1) await timed(labels[1]!, () => stageClickRows(db, transaction, rows));
          if (!explain) {
            await timed(labels[index + 2]!, () => execute(db, transaction, sql));
            continue;
          }
          if (process.env.CLICK_PROFILE_PLANS) {
            const text = await execute(db, transaction, `EXPLAIN (ANALYZE, BUFFERS) ${sql}`);
            console.log(text.map((row) => String(row['QUERY PLAN'])).join('\n'));
            continue;
          }
          const plan = await execute(
            db,
            transaction,
            `EXPLAIN (ANALYZE, BUFFERS, WAL, FORMAT JSON) ${sql}`,
          );
          const top = (plan[0]!['QUERY PLAN'] as Record<string, unknown>[])[0]!;
          const node = top.Plan as Record<string, unknown>;
          console.log(
            `${labels[index + 2]}\n   planning ${Number(top['Planning Time']).toFixed(2)} ms, execution ${Number(top['Execution Time']).toFixed(2)} ms, WAL ${String(node['WAL Records'] ?? 0)} records ${String(node['WAL Bytes'] ?? 0)} bytes, shared hit ${String(node['Shared Hit Blocks'])} dirtied ${String(node['Shared Dirtied Blocks'])}`,
          );
        }
      });
    }
    let wall = 0;
    let cpu = 0;
    console.log(`\nper batch of ${BATCH} new visitors' clicks, mean of ${ROUNDS} rounds:`);
    for (const step of steps.values()) {
      wall += step.wallMs;
      cpu += step.cpuMs;
      console.log(
        `${(step.wallMs / ROUNDS).toFixed(1).padStart(7)} ms wall ${(step.cpuMs / ROUNDS).toFixed(1).padStart(6)} ms backend CPU  ${step.label}`,
      );
    }
    console.log(
      `${(wall / ROUNDS).toFixed(1).padStart(7)} ms wall ${(cpu / ROUNDS).toFixed(1).padStart(6)} ms backend CPU  total (${((cpu / ROUNDS / BATCH) * 1000).toFixed(0)} ms per 1,000 clicks)`,
    );
  } finally {
    await db.close();
    await scratch.drop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await run();
}
