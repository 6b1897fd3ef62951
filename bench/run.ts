// `npm run bench`: runs every benchmark module in turn and prints its figures. Figures are
// reported, never asserted: the machines are shared and noisy. Pass names to run a subset
// (npm run bench -- api analytics; npm run bench -- go for the /go/{id} redirect). A subset
// without `public` still prints the public `/` JS and CSS budget.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './support/processes';

interface BenchModule {
  run(): Promise<Record<string, unknown>>;
}

const ORDER = ['api', 'public', 'analytics', 'go'];

async function main() {
  // Benchmarks measure the server as `npm start` runs it: built, as plain JavaScript.
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build failed');
  const wanted = process.argv.slice(2);
  const available = readdirSync(path.join(ROOT, 'bench'))
    .filter((file) => file.endsWith('.bench.ts'))
    .map((file) => file.replace('.bench.ts', ''))
    .sort((a, b) => (ORDER.indexOf(a) + 1 || 99) - (ORDER.indexOf(b) + 1 || 99));
  const selected = wanted.length ? available.filter((name) => wanted.includes(name)) : available;
  const results: Record<string, unknown> = { date: new Date().toISOString() };
  for (const name of selected) {
    const module = (await import(`./${name}.bench.ts`)) as BenchModule;
    try {
      results[name] = await module.run();
    } catch (error) {
      console.error(`bench ${name} failed:`, error);
      results[name] = { error: String(error) };
      process.exitCode = 1;
    }
  }
  if (!selected.includes('public')) {
    const { publicBudget } = (await import('./public.bench')) as {
      publicBudget(): Promise<Record<string, unknown>>;
    };
    try {
      results.publicBudget = await publicBudget();
    } catch (error) {
      console.error('public budget failed:', error);
      results.publicBudget = { error: String(error) };
    }
  }
  const dir = path.join(ROOT, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'latest.json'), JSON.stringify(results, null, 2));
  console.log(`\nAll figures: bench/results/latest.json`);
}

void main();
