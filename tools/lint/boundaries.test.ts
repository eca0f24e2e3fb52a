/**
 * The lint rules that guard the package graph (eslint.config.mjs) fail on what they forbid: an
 * import of another package's src/, a feature importing a feature, shared importing the shell, and
 * an import cycle (the fixture in fixtures/cycle, excluded from `npm run lint` itself).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const eslintBin = path.join(root, 'node_modules/eslint/bin/eslint.js');

interface Message {
  ruleId: string | null;
  message: string;
  severity: number;
}

/** Runs the repo's ESLint (a child process: its flat config is an ES module) and answers its errors. */
function lint(args: string[], stdin?: string): string[] {
  const run = spawnSync(process.execPath, [eslintBin, '--no-ignore', '--format', 'json', ...args], {
    cwd: root,
    input: stdin,
    encoding: 'utf8',
  });
  const results = JSON.parse(run.stdout) as { messages: Message[] }[];
  return results.flatMap((r) => r.messages.filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`));
}

async function errorsOf(filePath: string, code: string): Promise<string[]> {
  return lint(['--stdin', '--stdin-filename', path.join(root, filePath)], code);
}

describe('lint boundaries', () => {
  jest.setTimeout(60_000);

  it('refuses an import of another package’s src/', async () => {
    const code =
      "import { createHttpClient } from '../../../shell/src/http/client';\nexport const c = createHttpClient;\n";
    expect(await errorsOf('mf-funds/src/testing/index.ts', code)).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*never its src\//),
    ]);
    const byName = "import { x } from 'mf-trade/src/lib';\nexport const y = x;\n";
    expect(await errorsOf('server/src/app.ts', byName)).toEqual([expect.stringMatching(/never its src\//)]);
  });

  it('refuses a feature importing another feature', async () => {
    const code = "import { Chart } from '../../stock-detail/components/stock-chart';\nexport const c = Chart;\n";
    expect(await errorsOf('mf-trade/src/features/positions/components/x.tsx', code)).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*Features never import each other/),
    ]);
  });

  it('refuses shared importing the shell or a remote', async () => {
    const code = "import { start } from 'shell/bootstrap';\nexport const s = start;\n";
    expect(await errorsOf('shared/src/ui/x.ts', code)).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*shared is below every app/),
    ]);
  });

  it('refuses an import cycle', async () => {
    const errors = lint([path.join(root, 'tools/lint/fixtures/cycle/a.ts')]);
    expect(errors).toEqual([expect.stringMatching(/^import-x\/no-cycle: /)]);
  });

  it('accepts the same code inside its own boundaries', async () => {
    const code =
      "import { baseApi } from 'shared/api';\nimport { Thing } from '../model/thing';\n" +
      'export const x = [baseApi, Thing];\n';
    expect(await errorsOf('mf-trade/src/features/positions/components/x.tsx', code)).toEqual([]);
  });
});
