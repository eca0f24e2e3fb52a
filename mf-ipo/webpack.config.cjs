const { mfApp } = require('../tools/webpack/mf-app.cjs');

module.exports = mfApp({
  dir: __dirname,
  name: 'mf_ipo',
  kind: 'remote',
  cssPrefix: 'ipo',
  devPort: 3004,
  budgetKb: 400,
});
