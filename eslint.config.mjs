import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/**
 * Lint rules that encode the structure of STYLE.md and ARCHITECTURE.md:
 * - named exports; no line over 120 columns (Prettier formats, `npm run lint` checks it too);
 * - no import cycles;
 * - package boundaries: a package imports another only through its `exports` (never its `src/`),
 *   `shared` never imports the shell or a remote, the shell never imports a remote;
 * - inside a remote, code flows app → features → lib and features never import each other;
 * - on the server, modules never import routes or plugins, and modules/common and modules/wire import no domain
 *   folder (that module folders form no cycle is tools/lint/module-graph.cjs, in `npm run lint` too).
 * `tools/lint/boundaries.test.ts` lints small fixtures to show each boundary rule fails.
 */

const PACKAGES = [
  'shared',
  'server',
  'shell',
  'mf-trade',
  'mf-funds',
  'mf-ipo',
  'mf-copytrade',
  'mf-account',
  'mf-admin',
];

/** Imports of a package's sources: by name (`shell/src/…`) or climbing out of the importer (`../../shell/src/…`). */
const srcImport = `^(?:(?:\\.\\./)+)?(?:${PACKAGES.join('|')})/src(?:/|$)`;
const SRC_MESSAGE = 'Import another package through its exports, never its src/.';

const boundaries = (message, group) => ({ group, message });
const noOtherSrc = { regex: srcImport, message: SRC_MESSAGE };

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'e2e/artifacts/**',
      'bench/artifacts/**',
      'data/**',
      'coverage/**',
      'tools/lint/fixtures/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,cjs,mjs}'],
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      // Parse TypeScript dependencies too (by default import-x only follows .js files, so no-cycle saw no TS cycle).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.cjs', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.web.json', ...PACKAGES.map((name) => `${name}/tsconfig.json`)],
          conditionNames: ['source', 'types', 'import', 'require', 'default'],
        }),
      ],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'warn',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'max-len': ['error', { code: 120, tabWidth: 2 }],
      'no-restricted-imports': ['error', { patterns: [noOtherSrc] }],
    },
  },
  {
    files: ['**/*.{cjs,mjs,js}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['mf-*/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noOtherSrc,
            boundaries('Features never import each other; compose them in src/app/.', [
              '../../*/**',
              '**/features/*/**',
              '#app',
              '**/app/**',
            ]),
          ],
        },
      ],
    },
  },
  {
    files: ['mf-*/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noOtherSrc,
            boundaries('lib is below the features: it never imports a feature or the app.', [
              '**/features/**',
              '**/app/**',
            ]),
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/modules/**/*.ts'],
    // A test may drive several layers (an app, a plugin, another domain's service).
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noOtherSrc,
            {
              regex: '^(?:\\.\\./)+(?:routes|plugins)(?:/|$)',
              message:
                'Modules hold the rules and the SQL: they never import routes or plugins (docs/server-guide.md).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/modules/{common,wire}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noOtherSrc,
            {
              regex: '^(?:\\.\\./)+(?:routes|plugins)(?:/|$)',
              message:
                'Modules hold the rules and the SQL: they never import routes or plugins (docs/server-guide.md).',
            },
            {
              regex: '^\\.\\./(?!common/|wire/)[^./][^/]*/',
              message: 'common and wire are below every domain: they import no domain module folder.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['shell/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noOtherSrc,
            boundaries('The shell never imports a remote; remotes are loaded at run time.', ['mf-*', 'mf-*/**']),
          ],
        },
      ],
    },
  },
  {
    files: ['shared/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noOtherSrc,
            boundaries('shared is below every app: it never imports the shell, a remote or the server.', [
              'shell',
              'shell/**',
              'mf-*',
              'mf-*/**',
              'server',
              'server/**',
            ]),
          ],
        },
      ],
    },
  },
  {
    // Size (issue 36, after TIGER_STYLE): a function says one thing and fits a screen (80 lines), a file holds one
    // use case (400). Factories wire use cases written as module-level functions (modules/trade/add-margin.ts); a
    // screen is composed of named pieces and hooks (mf-funds/.../withdraw-screen.tsx). Every package's source.
    files: ['{shared,shell}/src/**/*.{ts,tsx}', 'server/src/**/*.ts', 'mf-*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/testing/**', '**/test-utils/**'],
    rules: {
      'max-lines': ['error', { max: 400 }],
      'max-lines-per-function': ['error', { max: 80, IIFEs: true }],
    },
  },
);
