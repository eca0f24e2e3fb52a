/**
 * Every architecture decision record stays short (issue 36, after TIGER_STYLE's "say it once, briefly"): at most 40
 * lines of at most 120 characters (a table row aside), so a newcomer reads a decision in a minute. Details live in
 * the code's header comments, bench/MEASUREMENTS.md and docs/security.md, which the ADRs link.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const DECISIONS = path.resolve(__dirname, '../../docs/decisions');
const MAX_LINES = 40;
const MAX_WIDTH = 120;

describe('architecture decision records', () => {
  const files = readdirSync(DECISIONS).filter((name) => /^\d{4}-.+\.md$/.test(name));

  it('are there, numbered', () => {
    expect(files.length).toBeGreaterThan(30);
  });

  it(`are at most ${MAX_LINES} lines each`, () => {
    const long = files
      .map((name) => ({ name, lines: readFileSync(path.join(DECISIONS, name), 'utf8').trimEnd().split('\n').length }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });

  it(`wrap at ${MAX_WIDTH} characters`, () => {
    const wide = files.flatMap((name) =>
      readFileSync(path.join(DECISIONS, name), 'utf8')
        .split('\n')
        .map((line, i) => ({ name, line: i + 1, width: [...line].length, table: line.startsWith('|') }))
        // A table row cannot wrap.
        .filter(({ width, table }) => width > MAX_WIDTH && !table)
        .map(({ name, line, width }) => ({ name, line, width })),
    );
    expect(wide).toEqual([]);
  });
});
