/**
 * Wraps a remote's webpack config (the function of tools/webpack/mf-app.cjs) so that the modules of
 * shared/remote-kit count as free of side effects beyond their CSS: the parts a remote does not use
 * (the zod-checked list endpoints, components) stay out of its chunks, its register chunk first,
 * although every remote imports the one `shared/remote-kit` entry point.
 */
const kitModules = { test: /shared[\\/]src[\\/]remote-kit[\\/].*\.tsx?$/, sideEffects: false };

/** @param {(env?: object, argv?: object) => import('webpack').Configuration} configure */
function withRemoteKit(configure) {
  return (env, argv) => {
    const config = configure(env, argv);
    config.module.rules.push(kitModules);
    return config;
  };
}

module.exports = { withRemoteKit };
