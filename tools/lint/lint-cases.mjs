#!/usr/bin/env node
/**
 * Lints cases with the repo's ESLint config in one process (used by boundaries.test.ts: jest's
 * module sandbox cannot load the ES-module flat config itself). Reads JSON `[{filePath, code?}]` on
 * stdin (a case without `code` lints the file on disk) and writes `[[ "ruleId: message", … ], …]`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: root, ignore: false });
const cases = JSON.parse(readFileSync(0, 'utf8'));
const answers = [];
for (const { filePath, code } of cases) {
  const absolute = path.join(root, filePath);
  const [result] =
    code === undefined ? await eslint.lintFiles([absolute]) : await eslint.lintText(code, { filePath: absolute });
  answers.push(result.messages.filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`));
}
process.stdout.write(JSON.stringify(answers));
