import { spawn, type ChildProcess } from 'node:child_process';
import { ROOT_DIR } from '../paths';

/**
 * Development: the API restarts on change (tsx watch) on port 3001 and the Vite dev server
 * with hot reload serves the web app on 3000, proxying /api, /media and /ws to the API, so the
 * browser sees one origin.
 */
const children: ChildProcess[] = [];

function run(command: string, args: string[], env: Record<string, string> = {}) {
  const child = spawn(command, args, {
    cwd: ROOT_DIR,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  child.on('exit', (code) => {
    if (code !== null && code !== 0) shutdown(code);
  });
  children.push(child);
}

function shutdown(code = 0) {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
}

run('npx', ['tsx', 'watch', '--clear-screen=false', 'api/src/cli/start.ts'], {
  PORT: process.env.API_PORT ?? '3001',
});
run('npx', ['vite', '--port', process.env.PORT ?? '3000', '--strictPort']);

process.on('SIGINT', () => shutdown());
process.on('SIGTERM', () => shutdown());
