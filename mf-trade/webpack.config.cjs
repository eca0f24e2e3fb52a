const { mfApp } = require('../tools/webpack/mf-app.cjs');
const { withRemoteKit } = require('../shared/src/remote-kit/webpack.cjs');

module.exports = withRemoteKit(
  mfApp({
    dir: __dirname,
    name: 'mf_trade',
    kind: 'remote',
    cssPrefix: 'tr',
    devPort: 3003,
    budgetKb: 400,
  }),
);
