/**
 * tools/lint/module-graph.cjs (in `npm run lint`): the server's module folders form no cycle. It passes on the repo
 * and names each cycle of the fixtures, type-only imports included; a test closing a loop is not a cycle.
 * The eslint zones of the server's modules are tested in boundaries.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { problemsOf } = require('./module-graph.cjs') as { problemsOf: (dir: string) => string[] };

/** A modules folder written for the test (in the OS temp dir, so jest never runs its `.test.ts`): path → source. */
function fixture(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'module-graph-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

describe('module folders form no cycle', () => {
  it('passes on the server', () => {
    expect(problemsOf(path.resolve(__dirname, '../../server/src/modules'))).toEqual([]);
  });

  it('names a cycle of three folders and the imports that make it, a type-only import too', () => {
    const problems = problemsOf(
      fixture({
        'alpha/a.ts': "import { b } from '../beta/b';\nexport const a = () => b;\n",
        'beta/b.ts': "import type { G } from '../gamma/g';\nexport const b: G = 1;\n",
        'gamma/g.ts': "import { a } from '../alpha/a';\nexport type G = number;\nexport const g = a;\n",
      }),
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^module folders in a cycle: alpha, beta, gamma\n/);
    expect(problems[0]).toContain('alpha → beta: alpha/a.ts -> ../beta/b');
    expect(problems[0]).toContain('beta → gamma: beta/b.ts -> ../gamma/g');
    expect(problems[0]).toContain('gamma → alpha: gamma/g.ts -> ../alpha/a');
  });

  it('does not count a test that imports back', () => {
    const dir = fixture({
      'alpha/a.ts': "import { b } from '../beta/b';\nexport const a = () => b;\n",
      'beta/b.ts': 'export const b = 1;\n',
      'beta/b.test.ts': "import { a } from '../alpha/a';\nexport const t = a;\n",
    });
    expect(problemsOf(dir)).toEqual([]);
    // the same import from a source file is a cycle
    fs.writeFileSync(path.join(dir, 'beta/c.ts'), "import { a } from '../alpha/a';\nexport const c = a;\n");
    expect(problemsOf(dir)).toEqual([expect.stringMatching(/^module folders in a cycle: alpha, beta\n/)]);
  });
});
