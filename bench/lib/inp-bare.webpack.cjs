/**
 * The interaction reference of bench/inp.bench.mjs: the bare React page (bench/bare-react, same build) with one button
 * whose click toggles state, built into bench/artifacts/inp-bare (ignored by git).
 */
const path = require('node:path');
const bare = require('../bare-react/webpack.config.cjs');

module.exports = {
  ...bare,
  entry: { main: path.join(__dirname, 'inp-bare-toggle.js') },
  output: { ...bare.output, path: path.join(__dirname, '../artifacts/inp-bare') },
};
