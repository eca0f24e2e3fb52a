const { mfApp } = require('../tools/webpack/mf-app.cjs');

module.exports = mfApp({
  dir: __dirname,
  name: 'shell',
  kind: 'host',
  cssPrefix: 'sh',
  devPort: 3000,
  budgetKb: 520,
});
