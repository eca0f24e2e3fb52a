/**
 * The rules of each domain are written once, in docs/features/<slug>.md (issue 36): one page per URL area of the
 * contract, listed in the index, and every file a page names exists, so a page cannot quietly outlive a rename.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const FEATURES = path.join(ROOT, 'docs/features');
const MAX_WIDTH = 120;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

/** The URL areas of the contract's endpoints (`path: '/<area>/<action>'`). */
function urlAreas(): string[] {
  const areas = new Set<string>();
  for (const file of walk(path.join(ROOT, 'shared/src/contract')).filter((f) => f.endsWith('.ts'))) {
    for (const match of readFileSync(file, 'utf8').matchAll(/path: '\/([a-zA-Z]+)\//g)) areas.add(match[1]!);
  }
  return [...areas].sort();
}

const pages = readdirSync(FEATURES).filter((name) => name.endsWith('.md') && name !== 'README.md');
const repoFiles = walk(ROOT).map((file) => path.relative(ROOT, file).split(path.sep).join('/'));

/** Does some file of the repo end with this path (a `*` stands for any run of characters but `/`)? */
function exists(named: string): boolean {
  const pattern = new RegExp(
    `(^|/)${named
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\*\*\//g, '(.*/)?')
      .replace(/\*/g, '[^/]*')}$`,
  );
  return repoFiles.some((file) => pattern.test(file));
}

describe('feature pages', () => {
  it('has one page per URL area of the contract', () => {
    const areas = urlAreas();
    expect(areas.length).toBeGreaterThan(10);
    expect(areas.filter((area) => !pages.includes(`${area}.md`))).toEqual([]);
  });

  it('lists every page in the index', () => {
    const index = readFileSync(path.join(FEATURES, 'README.md'), 'utf8');
    expect(pages.filter((page) => !index.includes(`](${page})`))).toEqual([]);
  });

  it('names only files that exist', () => {
    const missing = pages.flatMap((page) =>
      [...readFileSync(path.join(FEATURES, page), 'utf8').matchAll(/`([\w*./-]+\.(?:ts|tsx|mjs|cjs|md))`/g)]
        .map((match) => match[1]!)
        .filter((named) => !exists(named))
        .map((named) => `${page}: ${named}`),
    );
    expect(missing).toEqual([]);
  });

  it(`wrap at ${MAX_WIDTH} characters`, () => {
    const wide = [...pages, 'README.md'].flatMap((page) =>
      readFileSync(path.join(FEATURES, page), 'utf8')
        .split('\n')
        .map((line, i) => ({ page, line: i + 1, width: [...line].length, table: line.startsWith('|') }))
        .filter(({ width, table }) => width > MAX_WIDTH && !table)
        .map(({ page: name, line }) => `${name}:${line}`),
    );
    expect(wide).toEqual([]);
  });
});
