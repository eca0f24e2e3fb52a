#!/usr/bin/env node
/**
 * Runs jest with the root jest.config.ts without ts-node (not installed in this repo): transpiles
 * the config with TypeScript, then hands it to jest as JSON. Node runs with
 * --experimental-vm-modules because PGlite loads parts of itself with dynamic import(), which
 * jest's CommonJS sandbox refuses otherwise. Arguments pass through, e.g.
 *   node server/scripts/jest.mjs --selectProjects server
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(path.join(root, 'package.json'));
const ts = require('typescript');
const source = readFileSync(path.join(root, 'jest.config.ts'), 'utf8');
const { outputText } = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } });
const module = { exports: {} };
new Function('module', 'exports', 'require', outputText)(module, module.exports, require);
const config = { rootDir: root, ...(module.exports.default ?? module.exports) };
const jestBin = require.resolve('jest/bin/jest');
const result = spawnSync(process.execPath, ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning', jestBin, '--config', JSON.stringify(config), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
