/** The bare React 19 page the bench compares the app with: production build, one heading. */
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');

module.exports = {
  mode: 'production',
  context: __dirname,
  entry: { main: './src/index.js' },
  output: { path: path.join(__dirname, 'dist'), filename: '[name].[contenthash:10].js', publicPath: '/', clean: true },
  // react and react-dom resolve from the repo's node_modules (the versions the app uses).
  resolve: { modules: [path.resolve(__dirname, '../../node_modules'), 'node_modules'] },
  plugins: [
    new HtmlWebpackPlugin({ template: path.join(__dirname, 'src/index.html'), scriptLoading: 'defer', minify: true }),
  ],
  performance: false,
  stats: 'errors-warnings',
};
