#!/usr/bin/env node
/**
 * One version per dependency across the workspaces (issue 36), and every version exact.
 *
 * The remotes share React, the router, Redux and i18next as Module Federation singletons: two workspaces asking
 * for two versions of one package would load two copies (or the wrong one) at run time, and a range would let
 * `npm install` drift from the lock. So every dependency named in any workspace's package.json (dependencies,
 * devDependencies, optionalDependencies; the root's too) must carry the same version string everywhere it is named,
 * and that string must be an exact version (1.2.3 or 1.2.3-pre), never a range, a tag or a URL. Peer dependencies
 * are ranges by nature and are not checked. `npm run lint` runs it; tools/lint/one-version.test.ts tests it.
 *
 *   node tools/lint/one-version.cjs        (exit 1 with one line per problem)
 */
const fs = require('node:fs');
const path = require('node:path');

const FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies'];
const EXACT = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

/**
 * The problems of a set of manifests: `[{ where, json }]`, where `where` names the file in the messages.
 * Answers one message per dependency with more than one version, and one per non-exact version.
 */
function problemsOf(manifests) {
  const problems = [];
  const seen = new Map(); // name -> Map(version -> [where])
  for (const { where, json } of manifests) {
    for (const field of FIELDS) {
      for (const [name, version] of Object.entries(json[field] ?? {})) {
        if (!EXACT.test(version)) problems.push(`${name}: "${version}" in ${where} (${field}) is not an exact version`);
        const versions = seen.get(name) ?? new Map();
        versions.set(version, [...(versions.get(version) ?? []), where]);
        seen.set(name, versions);
      }
    }
  }
  for (const [name, versions] of [...seen].sort(([a], [b]) => a.localeCompare(b))) {
    if (versions.size > 1) {
      const list = [...versions].map(([version, where]) => `${version} (${where.join(', ')})`).join(' vs ');
      problems.push(`${name}: more than one version: ${list}`);
    }
  }
  return problems;
}

/** The root package.json and every workspace's, read from `root`. */
function manifestsOf(root) {
  const read = (file) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
  const rootJson = read('package.json');
  const workspaces = Array.isArray(rootJson.workspaces) ? rootJson.workspaces : (rootJson.workspaces?.packages ?? []);
  return [
    { where: 'package.json', json: rootJson },
    ...workspaces.map((workspace) => ({
      where: `${workspace}/package.json`,
      json: read(path.join(workspace, 'package.json')),
    })),
  ];
}

module.exports = { problemsOf, manifestsOf };

if (require.main === module) {
  const problems = problemsOf(manifestsOf(path.resolve(__dirname, '../..')));
  if (problems.length > 0) {
    for (const problem of problems) console.error(`one-version: ${problem}`);
    process.exit(1);
  }
  console.log('one-version: every dependency has one exact version across the workspaces');
}
