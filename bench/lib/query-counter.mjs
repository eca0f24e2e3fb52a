/**
 * The statement counter of the orders bench: a script preloaded into the server (`--require`) that
 * counts node-postgres queries (one round trip each) by their first 60 characters into a file, and
 * the reading of that file.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** Preloaded into the server: counts node-postgres queries (one round trip each) into a file. */
const COUNTER_SOURCE = `const { renameSync, writeFileSync } = require('node:fs');
const pg = require(${JSON.stringify(require.resolve('pg'))});
const counts = {};
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(config, ...rest) {
  const text = typeof config === 'string' ? config : config && config.text;
  const kind = String(text ?? '?').replace(/\\s+/g, ' ').trim().slice(0, 60);
  counts[kind] = (counts[kind] ?? 0) + 1;
  return query.call(this, config, ...rest);
};
const file = process.env.BENCH_QUERY_COUNT_FILE;
setInterval(() => {
  writeFileSync(file + '.tmp', JSON.stringify(counts));
  renameSync(file + '.tmp', file);
}, 100).unref();
`;

/** Writes the counter into `dir`; answers its path, for `node --require`. */
export function writeQueryCounter(dir) {
  const file = path.join(dir, 'count-queries.cjs');
  writeFileSync(file, COUNTER_SOURCE);
  return file;
}

/** Statements sent so far by the server, by their first 60 characters. */
export const queryCounts = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
};
export const countDelta = (after, before) =>
  Object.fromEntries(
    Object.entries(after)
      .map(([k, v]) => [k, v - (before[k] ?? 0)])
      .filter(([, v]) => v > 0),
  );
export const sum = (counts) => Object.values(counts).reduce((a, b) => a + b, 0);
