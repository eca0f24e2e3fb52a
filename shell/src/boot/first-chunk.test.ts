/**
 * The first chunk (bootstrap.tsx and everything it imports statically) must not reach react-router,
 * Redux, i18next or axios: Module Federation loads every shared module a chunk imports before
 * running it, so one stray import puts that library back in front of the first paint. Dynamic
 * `import()` is followed only with `webpackMode: "eager"` (same chunk); type-only imports are not. The build's gzip budget
 * (initialGzipBudgetKb) checks the bytes; this test names the import that broke it.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SRC = path.resolve(__dirname, '..');
const SHARED = path.resolve(__dirname, '../../../shared/src');
const ALLOWED_PACKAGES = new Set(['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client']);

function resolveFile(from: string, request: string): string | null {
  let base: string;
  if (request.startsWith('.')) base = path.resolve(path.dirname(from), request);
  else if (request === 'shared') base = path.join(SHARED, 'index');
  else if (request.startsWith('shared/')) base = path.join(SHARED, request.slice('shared/'.length));
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`cannot resolve ${request} from ${from}`);
}

/** Static, value-level imports and re-exports of a source file, and its eager `import()`s. */
function staticImports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  for (const m of text.matchAll(/import\(\s*\/\*\s*webpackMode:\s*"eager"\s*\*\/\s*'([^']+)'\s*\)/g)) out.push(m[1]!);
  for (const node of source.statements) {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      if (clause?.isTypeOnly) continue;
      const named = clause?.namedBindings;
      const onlyTypes = clause && !clause.name && named && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
      if (onlyTypes) continue;
      out.push((node.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) {
      out.push((node.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return out;
}

function firstChunkGraph(entry: string) {
  const files = new Set<string>();
  const packages = new Map<string, string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    if (!/\.tsx?$/.test(file)) return;
    for (const request of staticImports(file)) {
      if (/\.css$/.test(request)) continue;
      const resolved = resolveFile(file, request);
      if (resolved) visit(resolved);
      else if (!packages.has(request)) packages.set(request, path.relative(SRC, file));
    }
  };
  visit(entry);
  return { files, packages };
}

describe('first chunk (bootstrap.tsx)', () => {
  const { files, packages } = firstChunkGraph(path.join(SRC, 'bootstrap.tsx'));

  it('imports no shared library besides react and react-dom', () => {
    const offending = [...packages].filter(([name]) => !ALLOWED_PACKAGES.has(name)).map(([name, by]) => `${name} (imported by ${by})`);
    expect(offending).toEqual([]);
  });

  it('leaves the router, store, i18n, http and layout to the second chunk', () => {
    const rel = [...files].map((f) => path.relative(SRC, f));
    for (const folder of ['router/', 'store/store', 'store/ui', 'i18n/', 'http/', 'layout/', 'app/start', 'app/app']) {
      expect(rel.filter((f) => f.startsWith(folder))).toEqual([]);
    }
    expect(rel).toEqual(expect.arrayContaining(['boot/boot.tsx', 'boot/startup-screen.tsx', 'boot/startup-state.ts']));
  });
});
