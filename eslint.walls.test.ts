// The import walls of eslint.config.js hold by themselves: each refuses a deliberate wrong import
// (static and dynamic) and lets the right one through.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: fileURLToPath(new URL('.', import.meta.url)) });
const WALL_RULES = new Set(['no-restricted-imports', 'no-restricted-syntax']);

/** The wall messages ESLint reports for `source` as if it were the file at `filePath`. */
async function wallErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId !== null && WALL_RULES.has(message.ruleId))
    .map((message) => message.message);
}

const importOf = (path: string) => `import { thing } from '${path}';\nexport { thing };\n`;
const dynamicImportOf = (path: string) => `export const load = () => import('${path}');\n`;

interface Wall {
  name: string;
  file: string;
  wrong: string[];
  right: string[];
  /** Words of the message that names the wall. */
  says: RegExp;
}

const WALLS: Wall[] = [
  {
    name: 'public -> admin',
    file: 'web/src/public/components/Example.tsx',
    wrong: ['../../admin/AdminApp', '../../../web/src/admin/lib/toast', '../admin'],
    right: ['../../common/logo-mark', './Logo', '../lib/home-params', '@shared/constants'],
    says: /public site must not load admin code/,
  },
  {
    name: 'public -> Mantine',
    file: 'web/src/public/pages/Example.tsx',
    wrong: ['@mantine/core', '@mantine/hooks'],
    right: ['react', 'react-router-dom'],
    says: /Mantine/,
  },
  {
    name: 'admin -> public',
    file: 'web/src/admin/pages/content/Example.tsx',
    wrong: [
      '../../../public/components/HomeSections',
      '../../../public/styles/site.css',
      '../../../public',
    ],
    // The admin's own api/ folder is no crossing into the server's.
    right: ['../../../common/hero/HeroBanner', '../../api/ApiContext', '@mantine/core'],
    says: /admin must not import the public site/,
  },
  {
    name: 'common -> either side, or Mantine',
    file: 'web/src/common/hero/Example.tsx',
    wrong: ['../../public/content/site', '../../admin/lib/toast', '@mantine/core'],
    right: ['../scroll', '../site-claims', '@shared/rules/url'],
    says: /imports neither side|Mantine/,
  },
  {
    name: 'web -> api',
    file: 'web/src/public/lib/example.ts',
    wrong: ['../../../api/src/config', '../../../../api/test/support/server'],
    right: ['@shared/constants', '../../common/safe-url'],
    says: /over HTTP only/,
  },
  {
    name: 'shared -> api, web or desktop',
    file: 'shared/rules/example.ts',
    wrong: ['../../api/src/config', '../../web/src/common/safe-url', '../../desktop/main/ipc'],
    right: ['../constants', './url', '../desktop-bridge', 'zod'],
    says: /imports none of them/,
  },
  {
    name: 'desktop main -> web',
    file: 'desktop/main/example.ts',
    wrong: ['../../web/src/admin/AdminApp', '../../web/src/common/svg-icon'],
    right: ['../common/realtime-client', './json-file', '@shared/desktop-bridge', 'electron'],
    says: /desktop main process must not load web code/,
  },
  {
    name: 'api db/ and lib/ -> a feature',
    file: 'api/src/db/example.ts',
    wrong: ['../audit/log', '../catalogue/products/queries', '../analytics/ip', '../ssr'],
    right: ['./database', '../lib/mutex', '../errors', '@shared/constants', 'sequelize'],
    says: /serve the features and import none of them/,
  },
  {
    name: 'api lib/ (and db/ subfolders) -> a feature',
    file: 'api/src/db/migrations/example.ts',
    wrong: ['../../site/content/queries', '../../go/routes'],
    right: ['../database', '../../lib/clean-text'],
    says: /serve the features and import none of them/,
  },
];

describe('the import walls of the house', () => {
  for (const wall of WALLS) {
    describe(wall.name, () => {
      it.each(wall.wrong)('refuses %s, imported or loaded later', async (path) => {
        for (const source of [importOf(path), dynamicImportOf(path)]) {
          const errors = await wallErrors(wall.file, source);
          expect(errors, source).toHaveLength(1);
          expect(errors[0]).toMatch(wall.says);
        }
      });
      it.each(wall.right)('lets %s through', async (path) => {
        expect(await wallErrors(wall.file, importOf(path))).toEqual([]);
        expect(await wallErrors(wall.file, dynamicImportOf(path))).toEqual([]);
      });
    });
  }

  it('holds for a file in api/src/lib too', async () => {
    expect(await wallErrors('api/src/lib/example.ts', importOf('../analytics/ip'))).toHaveLength(1);
    expect(await wallErrors('api/src/lib/example.ts', importOf('./catalogue-events'))).toEqual([]);
  });

  it('leaves the desktop renderer, which hosts the admin, free to import it', async () => {
    const file = 'desktop/renderer/src/Example.tsx';
    expect(await wallErrors(file, importOf('../../../web/src/admin/AdminApp'))).toEqual([]);
  });
});
