const { mfApp } = require('../tools/webpack/mf-app.cjs');

module.exports = mfApp({
  dir: __dirname,
  name: 'mf_account',
  kind: 'remote',
  cssPrefix: 'ac',
  devPort: 3001,
  budgetKb: 400,
});
