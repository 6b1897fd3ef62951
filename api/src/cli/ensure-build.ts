import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from '../paths';

/**
 * `npm start` builds what is not built, or what is older than its sources, before the server
 * starts: the web app with its server-rendering entry, and the server bundle itself (the server
 * runs as plain JavaScript, which keeps its memory well below running TypeScript on the fly).
 * One line per build: the tools' output is shown when a build fails, or with LOG_LEVEL=debug.
 */
const TARGETS = [
  {
    name: 'web app',
    script: 'build:web',
    outputs: ['dist/web/index.html', 'dist/web/admin.html', 'dist/ssr/entry-server.js'],
    sources: ['web', 'shared', 'vite.config.ts'],
  },
  {
    name: 'server',
    script: 'build:server',
    outputs: ['dist/server/start.js', 'dist/server/feed-worker.js'],
    sources: ['api/src', 'shared'],
  },
];

function newestMtime(target: string): number {
  const full = path.join(ROOT_DIR, target);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

function oldestOutput(outputs: string[]): number {
  let oldest = Infinity;
  for (const output of outputs) {
    const full = path.join(ROOT_DIR, output);
    if (!existsSync(full)) return 0;
    oldest = Math.min(oldest, statSync(full).mtimeMs);
  }
  return oldest;
}

/** LOG_LEVEL=debug shows the build tools' own output as they run; otherwise only on failure. */
const verbose = process.env.LOG_LEVEL === 'debug';

for (const target of TARGETS) {
  const sourcesTime = Math.max(...target.sources.map(newestMtime));
  if (oldestOutput(target.outputs) >= sourcesTime) continue;
  console.log(`Building the ${target.name}...`);
  const result = spawnSync('npm', ['run', '--silent', target.script], {
    cwd: ROOT_DIR,
    stdio: verbose ? 'inherit' : 'pipe',
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    if (!verbose) process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    if (result.error) console.error(result.error.message);
    console.error(`Building the ${target.name} failed; see the output above.`);
    process.exit(1);
  }
}
