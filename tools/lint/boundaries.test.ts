/**
 * The lint rules that guard the package graph (eslint.config.mjs) fail on what they forbid: an
 * import of another package's src/, a feature importing a feature, shared importing the shell, and
 * an import cycle (the fixture in fixtures/cycle, excluded from `npm run lint` itself), a server module importing
 * routes or plugins, and modules/common importing a domain folder; and a function over 80 lines or a file over 400
 * lines outside the tests (the size rule).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

interface Case {
  filePath: string;
  code?: string;
}

/** Lints every case in one ESLint process with the repo's config; answers each case's errors. */
function lint(cases: Case[]): string[][] {
  const run = spawnSync(process.execPath, [path.join(__dirname, 'lint-cases.mjs')], {
    cwd: root,
    input: JSON.stringify(cases),
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as string[][];
}

const code = (...lines: string[]) => `${lines.join('\n')}\n`;

/** A function of `lines` lines (its first and last line included). */
const longFunction = (lines: number) =>
  code(
    'export function f(): number {',
    '  let n = 0;',
    ...Array.from({ length: lines - 4 }, () => '  n += 1;'),
    '  return n;',
    '}',
  );

/** A file of `lines` lines of short statements. */
const longFile = (lines: number) => code(...Array.from({ length: lines }, (_, i) => `export const v${i} = ${i};`));

describe('lint boundaries', () => {
  let results: string[][] = [];

  beforeAll(() => {
    results = lint([
      // 0, 1: another package's src/, climbing out of the importer or by package name
      {
        filePath: 'mf-funds/src/testing/index.ts',
        code: code(
          "import { createHttpClient } from '../../../shell/src/http/client';",
          'export const c = createHttpClient;',
        ),
      },
      { filePath: 'server/src/app.ts', code: code("import { x } from 'mf-trade/src/lib';", 'export const y = x;') },
      // 2: a feature importing another feature
      {
        filePath: 'mf-trade/src/features/positions/components/x.tsx',
        code: code("import { Chart } from '../../stock-detail/components/stock-chart';", 'export const c = Chart;'),
      },
      // 3: shared importing the shell
      {
        filePath: 'shared/src/ui/x.ts',
        code: code("import { start } from 'shell/bootstrap';", 'export const s = start;'),
      },
      // 4: a cycle (two files on disk)
      { filePath: 'tools/lint/fixtures/cycle/a.ts' },
      // 5: the same kind of code inside its boundaries
      {
        filePath: 'mf-trade/src/features/positions/components/x.tsx',
        code: code(
          "import { baseApi } from 'shared/api';",
          "import { Thing } from '../model/thing';",
          'export const x = [baseApi, Thing];',
        ),
      },
      // 6, 7: a server module importing a plugin or a route handler
      {
        filePath: 'server/src/modules/trade/x.ts',
        code: code("import { jobsPlugin } from '../../plugins/jobs';", 'export const j = jobsPlugin;'),
      },
      {
        filePath: 'server/src/modules/trade/x.ts',
        code: code("import { clientOf } from '../../routes/handlers/security-handlers';", 'export const c = clientOf;'),
      },
      // 8: modules/common importing a domain folder
      {
        filePath: 'server/src/modules/common/x.ts',
        code: code("import { findUserById } from '../users/users-repository';", 'export const f = findUserById;'),
      },
      // 9: modules/common within its boundaries (the database, errors, wire); a domain importing common
      {
        filePath: 'server/src/modules/common/x.ts',
        code: code(
          "import type { Tx } from '../../db/database';",
          "import { iso } from '../wire/wire';",
          'export const x = (tx: Tx) => [tx, iso];',
        ),
      },
      {
        filePath: 'server/src/modules/trade/x.ts',
        code: code("import { newOrderNo } from '../common/order-no';", 'export const n = newOrderNo;'),
      },
      // 11, 12: a function of 81 lines, and a file of 401 lines, in a server module
      { filePath: 'server/src/modules/funds/x.ts', code: longFunction(81) },
      { filePath: 'server/src/modules/funds/x.ts', code: longFile(401) },
      // 13, 14: the same in a test, and a function of 80 lines
      { filePath: 'server/src/modules/funds/x.test.ts', code: longFunction(81) },
      { filePath: 'shared/src/ui/x.ts', code: longFunction(80) },
      // 15, 16: a function of 81 lines in a remote and in the shell (every package's source)
      { filePath: 'mf-trade/src/features/quotes/x.tsx', code: longFunction(81) },
      { filePath: 'shell/src/app/x.ts', code: longFunction(81) },
    ]);
  }, 120_000);

  it('refuses an import of another package’s src/', () => {
    expect(results[0]).toEqual([expect.stringMatching(/^no-restricted-imports: .*never its src\//)]);
    expect(results[1]).toEqual([expect.stringMatching(/^no-restricted-imports: .*never its src\//)]);
  });

  it('refuses a feature importing another feature', () => {
    expect(results[2]).toEqual([expect.stringMatching(/^no-restricted-imports: .*Features never import each other/)]);
  });

  it('refuses shared importing the shell or a remote', () => {
    expect(results[3]).toEqual([expect.stringMatching(/^no-restricted-imports: .*shared is below every app/)]);
  });

  it('refuses an import cycle', () => {
    expect(results[4]).toEqual([expect.stringMatching(/^import-x\/no-cycle: /)]);
  });

  it('accepts the same code inside its own boundaries', () => {
    expect(results[5]).toEqual([]);
  });

  it('refuses a server module importing a plugin or a route', () => {
    expect(results[6]).toEqual([expect.stringMatching(/^no-restricted-imports: .*never import routes or plugins/)]);
    expect(results[7]).toEqual([expect.stringMatching(/^no-restricted-imports: .*never import routes or plugins/)]);
  });

  it('refuses a function over 80 lines and a file over 400 lines outside tests', () => {
    expect(results[11]).toEqual([expect.stringMatching(/^max-lines-per-function: .*\(81\)\. Maximum allowed is 80/)]);
    expect(results[12]).toEqual([expect.stringMatching(/^max-lines: .*Maximum allowed is 400/)]);
    expect(results[13]).toEqual([]);
    expect(results[14]).toEqual([]);
    for (const remoteOrShell of [results[15], results[16]])
      expect(remoteOrShell).toEqual([
        expect.stringMatching(/^max-lines-per-function: .*\(81\)\. Maximum allowed is 80/),
      ]);
  });

  it('refuses modules/common importing a domain folder, and lets the domains use it', () => {
    expect(results[8]).toEqual([expect.stringMatching(/^no-restricted-imports: .*import no domain module folder/)]);
    expect(results[9]).toEqual([]);
    expect(results[10]).toEqual([]);
  });
});
