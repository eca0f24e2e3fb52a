const { mfApp } = require('../tools/webpack/mf-app.cjs');

module.exports = mfApp({
  dir: __dirname,
  name: 'mf_admin',
  kind: 'remote',
  cssPrefix: 'adm',
  devPort: 3006,
  budgetKb: 400,
});
