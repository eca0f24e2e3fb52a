/**
 * The one list of Module Federation shared singletons (ARCHITECTURE.md "Module Federation").
 * Every app's webpack config takes it from here so `requiredVersion` is identical everywhere.
 * Versions come from the root lock via each package's installed package.json, never typed twice.
 */
const SINGLETONS = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  'react-router',
  'react-router/',
  'react-router-dom',
  'react-redux',
  '@reduxjs/toolkit',
  'redux',
  'i18next',
  'react-i18next',
  'axios',
];

function installedVersion(name) {
  const base = name.replace(/\/$/, '');
  return require(require.resolve(`${base}/package.json`, { paths: [__dirname] })).version;
}

/** @returns {Record<string, {singleton: true, requiredVersion: string, eager: false}>} */
function mfShared() {
  const out = {};
  for (const name of SINGLETONS) {
    out[name] = { singleton: true, requiredVersion: installedVersion(name), eager: false };
  }
  return out;
}

module.exports = { SINGLETONS, mfShared };
