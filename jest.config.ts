/**
 * @jest-config-loader ts-node
 * @jest-config-loader-options {"transpileOnly": true}
 */
import type { Config } from 'jest';

/**
 * One jest project per package. Unit and API tests are colocated as *.test.ts(x);
 * the browser journeys live in e2e/ and run in their own project (serially, against
 * the production build).
 */
/**
 * Each file transpiled on its own by SWC (types are checked by `npm run typecheck`, as the build's swc-loader
 * leaves them to it too): about a third faster than ts-jest on a cold cache, where most of a clean clone's first
 * suites go. `jest.mock` calls are hoisted above the imports, as ts-jest did.
 */
const swcJest: [string, Record<string, unknown>] = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const common = {
  transform: { '^.+\\.(t|j)sx?$': swcJest },
  moduleNameMapper: {
    '^shared$': '<rootDir>/shared/src/index.ts',
    '^shared/test-utils$': '<rootDir>/shared/src/test-utils/index.tsx',
    '^shared/remote-kit/testing$': '<rootDir>/shared/src/remote-kit/testing/index.tsx',
    '^shared/remote-kit$': '<rootDir>/shared/src/remote-kit/index.ts',
    '^shared/(contract|messages|mf|api|ui|i18n|host-kit)$': '<rootDir>/shared/src/$1/index.ts',
    '^shared/host-kit/([\\w-]+)$': '<rootDir>/shared/src/host-kit/$1.ts',
    '^shared/i18n/common/([\\w-]+\\.json)$': '<rootDir>/shared/src/i18n/common/$1',
    '^shared/(money|routes|order-rules)$': '<rootDir>/shared/src/$1.ts',
    '\\.(css)$': 'identity-obj-proxy',
    '\\.(png|svg|jpg|webp)$': '<rootDir>/shared/src/test-utils/file-stub.ts',
  },
  testEnvironmentOptions: { customExportConditions: [''] },
};

const web = (name: string): Config.InitialProjectOptions => ({
  ...common,
  displayName: name,
  rootDir: '.',
  roots: [`<rootDir>/${name}/src`],
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/shared/src/test-utils/setup-dom.ts'],
});

const config: Config = {
  projects: [
    { ...common, displayName: 'shared', rootDir: '.', roots: ['<rootDir>/shared/src'], testEnvironment: 'node' },
    { ...common, displayName: 'server', rootDir: '.', roots: ['<rootDir>/server/src'], testEnvironment: 'node' },
    // Tests of the repo's own tooling (the lint boundaries, the benches' statistics and verdicts).
    {
      ...common,
      displayName: 'tools',
      rootDir: '.',
      roots: ['<rootDir>/tools', '<rootDir>/bench/lib'],
      testEnvironment: 'node',
    },
    web('shell'),
    web('mf-trade'),
    web('mf-funds'),
    web('mf-ipo'),
    web('mf-copytrade'),
    web('mf-account'),
    web('mf-admin'),
    {
      ...common,
      displayName: 'e2e',
      rootDir: '.',
      roots: ['<rootDir>/e2e'],
      testEnvironment: 'node',
      testTimeout: 180_000,
      globalSetup: '<rootDir>/e2e/global-setup.ts',
      globalTeardown: '<rootDir>/e2e/global-teardown.ts',
    },
  ],
};

export default config;
