import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * Lint rules that encode the structure of STYLE.md: named exports, features never import each
 * other, the shell never imports a remote's internals.
 */
export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'e2e/artifacts/**',
      'bench/artifacts/**',
      'data/**',
      '**/*.cjs',
      '**/*.mjs',
      'jest.config.cjs',
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
  {
    files: ['mf-*/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../../*/**', '**/features/*/**'],
              message: 'Features never import each other; compose them in src/app/.',
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
            {
              group: ['mf-*', '../../mf-*/**'],
              message: 'The shell never imports a remote; remotes are loaded at run time.',
            },
          ],
        },
      ],
    },
  },
);
