import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT_DIR, WEB_DIST_DIR } from '../paths';

/** `npm start` on a fresh clone builds the web app once; later starts reuse the build. */
export function buildWebIfNeeded(log: (line: string) => void): void {
  // `npm run dev` serves the web app from Vite instead.
  if (process.env.SKIP_WEB_BUILD === 'true') return;
  if (existsSync(path.join(WEB_DIST_DIR, 'index.html'))) return;
  log('Building the web app (first start)...');
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT_DIR, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The web build failed; see the output above.');
}
