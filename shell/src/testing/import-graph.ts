/**
 * The static import graph of the shell's sources, as webpack bundles it into one chunk: static,
 * value-level imports and re-exports, and `import()`s with `webpackMode: "eager"` (same chunk);
 * type-only imports and other `import()`s (chunks of their own) are not followed. For the tests
 * that keep a chunk's shared modules in check (boot/first-chunk.test.ts, boot/share-steps.test.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const SRC = path.resolve(__dirname, '..');
/** shared's sources (the `source` condition of its package exports, as webpack resolves them). */
const SHARED = path.join(path.dirname(require.resolve('shared/package.json')), 'src');

function resolveFile(from: string, request: string): string | null {
  let base: string;
  if (request.startsWith('.')) base = path.resolve(path.dirname(from), request);
  else if (request === 'shared') base = path.join(SHARED, 'index');
  else if (request.startsWith('shared/')) base = path.join(SHARED, request.slice('shared/'.length));
  else return null;
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
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
      const onlyTypes =
        clause &&
        !clause.name &&
        named &&
        ts.isNamedImports(named) &&
        named.elements.length > 0 &&
        named.elements.every((e) => e.isTypeOnly);
      if (onlyTypes) continue;
      out.push((node.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) {
      out.push((node.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return out;
}

/** The source files bundled with `entry` and the packages they import (package → first importer). */
export function chunkGraph(entry: string) {
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
