const { mfApp } = require('../tools/webpack/mf-app.cjs');
const { withRemoteKit } = require('../shared/src/remote-kit/webpack.cjs');

module.exports = withRemoteKit(
  mfApp({
    dir: __dirname,
    name: 'mf_account',
    kind: 'remote',
    cssPrefix: 'ac',
    devPort: 3001,
    budgetKb: 400,
  }),
);
