const { mfApp } = require('../tools/webpack/mf-app.cjs');
const { withRemoteKit } = require('../shared/src/remote-kit/webpack.cjs');

module.exports = withRemoteKit(
  mfApp({
    dir: __dirname,
    name: 'mf_ipo',
    kind: 'remote',
    cssPrefix: 'ipo',
    devPort: 3004,
    budgetKb: 400,
  }),
);
