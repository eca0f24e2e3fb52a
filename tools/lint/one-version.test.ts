/**
 * The one-version check (tools/lint/one-version.cjs, run by `npm run lint`): fails on two versions of one
 * dependency across workspaces and on a version that is not exact; the repo itself passes.
 */
import path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { problemsOf, manifestsOf } = require('./one-version.cjs') as {
  problemsOf: (manifests: Array<{ where: string; json: Record<string, unknown> }>) => string[];
  manifestsOf: (root: string) => Array<{ where: string; json: Record<string, unknown> }>;
};

describe('one version per dependency', () => {
  it('passes on the repo', () => {
    expect(problemsOf(manifestsOf(path.resolve(__dirname, '../..')))).toEqual([]);
  });

  it('names a dependency with two versions and where each is', () => {
    const problems = problemsOf([
      { where: 'mf-trade/package.json', json: { dependencies: { react: '19.2.0', axios: '1.13.2' } } },
      { where: 'mf-funds/package.json', json: { dependencies: { react: '19.1.0', axios: '1.13.2' } } },
      { where: 'package.json', json: { devDependencies: { react: '19.2.0' } } },
    ]);
    expect(problems).toEqual([
      'react: more than one version: 19.2.0 (mf-trade/package.json, package.json) vs 19.1.0 (mf-funds/package.json)',
    ]);
  });

  it('refuses a range, a tag or a URL, in any of the three fields', () => {
    const problems = problemsOf([
      {
        where: 'server/package.json',
        json: {
          dependencies: { fastify: '^5.6.0' },
          devDependencies: { jest: 'latest' },
          optionalDependencies: { thing: 'https://example.com/thing.tgz' },
        },
      },
    ]);
    expect(problems).toEqual([
      'fastify: "^5.6.0" in server/package.json (dependencies) is not an exact version',
      'jest: "latest" in server/package.json (devDependencies) is not an exact version',
      'thing: "https://example.com/thing.tgz" in server/package.json (optionalDependencies) is not an exact version',
    ]);
  });

  it('leaves peer dependencies (ranges by nature) alone and accepts a pre-release', () => {
    expect(
      problemsOf([
        {
          where: 'shared/package.json',
          json: { peerDependencies: { react: '>=18' }, dependencies: { x: '2.0.0-rc.1' } },
        },
      ]),
    ).toEqual([]);
  });
});
