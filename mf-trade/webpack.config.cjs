const { mfApp } = require('../tools/webpack/mf-app.cjs');

module.exports = mfApp({
  dir: __dirname,
  name: 'mf_trade',
  kind: 'remote',
  cssPrefix: 'tr',
  devPort: 3003,
  budgetKb: 400,
});
