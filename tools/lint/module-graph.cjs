#!/usr/bin/env node
/**
 * The server's module folders form no cycle (issue 36). Each folder of server/src/modules is a domain (or a shared
 * folder, `common` and `wire`); a file's relative import of another folder's file is an edge between the folders.
 * A cycle between folders (funds → loans → funds) means no folder can be read, tested or changed on its own, and
 * it is invisible to import-x/no-cycle, which sees files. What several domains use belongs in `common` (or `wire`);
 * a rule one domain enforces on another's data reads that data itself rather than import back.
 * Type-only imports count: they tie the folders just as much. Tests are left out (a test may drive several domains).
 * `npm run lint` runs it; tools/lint/module-graph.test.ts tests it. The eslint zones (eslint.config.mjs) add that a
 * module never imports routes or plugins and that `common` and `wire` import no domain folder.
 *
 *   node tools/lint/module-graph.cjs        (exit 1 with each cycle and the imports that make it)
 */
const fs = require('node:fs');
const path = require('node:path');

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?\bfrom\s+['"](\.{1,2}\/[^'"]+)['"]/g;

function sourcesOf(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourcesOf(full));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
      out.push(full);
  }
  return out;
}

/** Folder → Map(folder it imports → the first few `file -> import` that make the edge). */
function edgesOf(modulesDir) {
  const edges = new Map();
  for (const file of sourcesOf(modulesDir)) {
    const from = path.relative(modulesDir, file).split(path.sep)[0];
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const target = path.relative(modulesDir, path.resolve(path.dirname(file), match[1]));
      if (target.startsWith('..')) continue;
      const to = target.split(path.sep)[0];
      if (to === from) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      const why = edges.get(from);
      if (!why.has(to)) why.set(to, []);
      why.get(to).push(`${path.relative(modulesDir, file)} -> ${match[1]}`);
    }
  }
  return edges;
}

/** The strongly connected sets of more than one folder (Tarjan), each sorted. */
function cyclesOf(edges) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const set = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      set.push(w);
    } while (w !== v);
    if (set.length > 1) cycles.push(set.sort());
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) visit(v);
  return cycles;
}

/** One message per cycle, naming the imports between its folders. */
function problemsOf(modulesDir) {
  const edges = edgesOf(modulesDir);
  return cyclesOf(edges).map((set) => {
    const lines = [];
    for (const a of set)
      for (const b of set) {
        const why = edges.get(a)?.get(b);
        if (why) lines.push(`  ${a} → ${b}: ${why.slice(0, 3).join(', ')}${why.length > 3 ? ', …' : ''}`);
      }
    return `module folders in a cycle: ${set.join(', ')}\n${lines.join('\n')}`;
  });
}

module.exports = { problemsOf, edgesOf, cyclesOf };

if (require.main === module) {
  const problems = problemsOf(path.resolve(__dirname, '../../server/src/modules'));
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) process.exit(1);
}
