const { mfApp } = require('../tools/webpack/mf-app.cjs');

module.exports = mfApp({
  dir: __dirname,
  name: 'mf_copytrade',
  kind: 'remote',
  cssPrefix: 'ct',
  devPort: 3005,
  budgetKb: 400,
});
