import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * The walls of the house: which part of the code may import which (README, "Architecture").
 * `no-restricted-imports` matches an import's text, not the file it resolves to, so each wall
 * is a regular expression over relative paths that reach a folder of that name, whatever the
 * depth ('../admin/x', '../../../web/src/admin'). Packages come in through their own names
 * ('@mantine/core') and the shared code through '@shared', which no wall refuses but Mantine's.
 * `import()` escapes that rule, so `no-restricted-syntax` refuses the same paths there.
 */
const relativeInto = (folders) => `^\\.{1,2}/(?:[^/]+/)*(?:${folders.join('|')})(?:/|$)`;

/** Every folder of api/src but db and lib: the features, which db/ and lib/ serve. */
const API_FEATURES = readdirSync(path.join(import.meta.dirname, 'api', 'src'), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory() && !['db', 'lib'].includes(entry.name))
  .map((entry) => entry.name);

const WALLS = {
  webToApi: {
    regex: `^\\.{1,2}/(?:[^/]+/)*api/(?:src|test)(?:/|$)`,
    message:
      'The web code talks to the server over HTTP only: share types and rules through @shared.',
  },
  publicToAdmin: {
    regex: relativeInto(['admin']),
    message:
      'The public site must not load admin code: what both sides show lives in web/src/common.',
  },
  adminToPublic: {
    regex: relativeInto(['public']),
    message:
      'The admin must not import the public site: what both sides show lives in web/src/common.',
  },
  commonToSides: {
    regex: relativeInto(['admin', 'public']),
    message: 'web/src/common is what both sides import, so it imports neither side.',
  },
  mantine: {
    regex: '^@mantine/',
    message: "Mantine is the admin's: the public bundle and web/src/common stay without it.",
  },
  sharedToApp: {
    regex: relativeInto(['api', 'web', 'desktop']),
    message: 'shared/ is imported by every part of the app and imports none of them.',
  },
  desktopToWeb: {
    regex: relativeInto(['web']),
    message: 'The desktop main process must not load web code: share it through @shared.',
  },
  dbLibToFeatures: {
    regex: `^(?:\\.\\./)+(?:[^/]+/)*(?:${API_FEATURES.join('|')})(?:/|$)`,
    message:
      'api/src/db and api/src/lib serve the features and import none of them: move the helper down.',
  },
};

/** One config entry per area: a later entry replaces a rule's options, so each lists all its walls. */
function walled(files, walls) {
  return {
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: walls.map(({ regex, message }) => ({ regex, message })) },
      ],
      'no-restricted-syntax': [
        'error',
        ...walls.map(({ regex, message }) => ({
          // esquery ends a regular expression at the first '/': the slashes are written as \x2F.
          selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\x2F')}/]`,
          message,
        })),
      ],
    },
  };
}

const W = WALLS;
const HOUSE_WALLS = [
  walled(['web/**'], [W.webToApi]),
  walled(['web/src/public/**', 'web/src/tracking/**'], [W.webToApi, W.publicToAdmin, W.mantine]),
  walled(['web/src/admin/**'], [W.webToApi, W.adminToPublic]),
  walled(['web/src/common/**'], [W.webToApi, W.commonToSides, W.mantine]),
  walled(['shared/**'], [W.sharedToApp]),
  walled(['desktop/main/**', 'desktop/preload/**', 'desktop/common/**'], [W.desktopToWeb]),
  walled(['api/src/db/**', 'api/src/lib/**'], [W.dbLibToFeatures]),
];

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'out',
      'release',
      'data',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      'no-console': 'off',
    },
  },
  ...HOUSE_WALLS,
);
