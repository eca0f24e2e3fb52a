const { mfApp } = require('../tools/webpack/mf-app.cjs');
const { withRemoteKit } = require('../shared/src/remote-kit/webpack.cjs');

module.exports = withRemoteKit(
  mfApp({
    dir: __dirname,
    name: 'mf_copytrade',
    kind: 'remote',
    cssPrefix: 'ct',
    devPort: 3005,
    budgetKb: 400,
  }),
);
