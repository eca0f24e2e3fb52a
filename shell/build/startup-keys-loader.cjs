/**
 * Webpack loader for the shell's locale JSON when boot/startup-strings.ts imports it: keeps only
 * the keys the start-up screen shows (appName, retry, startup.*), so the first paint carries a few
 * hundred bytes of text instead of the whole `common` namespace. The i18n chunk imports the same
 * files without this loader (a separate module) and gets every key.
 */
const KEEP = ['appName', 'retry', 'startup'];

module.exports = function startupKeysLoader(source) {
  const common = JSON.parse(source);
  const picked = {};
  for (const key of KEEP) {
    if (!(key in common)) throw new Error(`startup-keys-loader: "${key}" missing in ${this.resourcePath}`);
    picked[key] = common[key];
  }
  return JSON.stringify(picked);
};
