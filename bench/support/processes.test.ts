import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, SERVER_ENV, SERVER_NODE_FLAGS, startCommand } from './processes';

describe('the benches run the server with npm start flags', () => {
  it('reads the node flags and the environment of the start script', () => {
    expect(
      startCommand(
        'tsx api/src/cli/ensure-build.ts && exec env MALLOC_ARENA_MAX=2 node --max-semi-space-size=16 --max-old-space-size=512 dist/server/start.js',
      ),
    ).toEqual({
      flags: ['--max-semi-space-size=16', '--max-old-space-size=512'],
      env: { MALLOC_ARENA_MAX: '2' },
    });
    expect(startCommand('exec node dist/server/start.js')).toEqual({ flags: [], env: {} });
    expect(() => startCommand('node server.js')).toThrow(/no node command/);
  });

  it('takes them from package.json, with 16 MB semi-spaces and two malloc arenas (docs/decisions.md)', () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      scripts: { start: string };
    };
    expect({ flags: SERVER_NODE_FLAGS, env: SERVER_ENV }).toEqual(startCommand(pkg.scripts.start));
    expect(SERVER_NODE_FLAGS).toContain('--max-semi-space-size=16');
    expect(SERVER_ENV).toEqual({ MALLOC_ARENA_MAX: '2' });
  });
});
