const { mfApp } = require('../tools/webpack/mf-app.cjs');
const { withRemoteKit } = require('../shared/src/remote-kit/webpack.cjs');

module.exports = withRemoteKit(
  mfApp({
    dir: __dirname,
    name: 'mf_funds',
    kind: 'remote',
    cssPrefix: 'fu',
    devPort: 3002,
    budgetKb: 400,
  }),
);
