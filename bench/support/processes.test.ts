import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, SERVER_NODE_FLAGS, startFlags } from './processes';

describe('the benches run the server with npm start flags', () => {
  it('reads the node flags of the start script', () => {
    expect(
      startFlags(
        'tsx api/src/cli/ensure-build.ts && exec node --max-semi-space-size=16 --max-old-space-size=512 dist/server/start.js',
      ),
    ).toEqual(['--max-semi-space-size=16', '--max-old-space-size=512']);
    expect(startFlags('exec node dist/server/start.js')).toEqual([]);
    expect(() => startFlags('node server.js')).toThrow(/no node flags/);
  });

  it('takes them from package.json, with 16 MB semi-spaces (docs/decisions.md)', () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      scripts: { start: string };
    };
    expect(SERVER_NODE_FLAGS).toEqual(startFlags(pkg.scripts.start));
    expect(SERVER_NODE_FLAGS).toContain('--max-semi-space-size=16');
  });
});
