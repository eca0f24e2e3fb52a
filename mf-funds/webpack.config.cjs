const { mfApp } = require('../tools/webpack/mf-app.cjs');

module.exports = mfApp({
  dir: __dirname,
  name: 'mf_funds',
  kind: 'remote',
  cssPrefix: 'fu',
  devPort: 3002,
  budgetKb: 400,
});
