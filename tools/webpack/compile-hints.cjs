/**
 * V8's explicit compile hint for the files that start an app: each entry chunk (the host's main.js, a remote's
 * remoteEntry.js) begins with the magic comment `//# allFunctionsCalledOnLoad`, so Chromium compiles all of its
 * functions with the file, on the script streamer's background thread, instead of one by one on the main thread as
 * each is first called (https://v8.dev/blog/explicit-compile-hints). Those files are the Module Federation runtime
 * and its start (`init`, the share scope, the container): nearly every function in them runs while the file is
 * evaluated, in one task. Measured on a cold `#/login/start`: main.js evaluated in a median 31 ms, some 420 lazy
 * compiles on the main thread, and 3–4 ms with the hint (docs/decisions/0013-short-tasks-after-first-paint.md,
 * second amendment). Not for other chunks: a chunk only registers its modules when evaluated, and where the hint was
 * tried on react-dom's chunk its whole compile moved onto the main thread at that moment (19 ms) for functions most
 * of which run later or never. Browsers without compile hints read the line as a comment.
 */
const HINT = '//# allFunctionsCalledOnLoad\n';

class EntryCompileHintPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('EntryCompileHintPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After the minifier (OPTIMIZE_SIZE), which drops comments; before the real content hash and the
        // precompressed copies (OPTIMIZE_HASH, OPTIMIZE_TRANSFER), so names and .gz/.br files hold the hint.
        { name: 'EntryCompileHintPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 },
        () => {
          // once per file: entryFiles is a set, and each compilation's assets are its own
          for (const file of entryFiles(compilation)) {
            compilation.updateAsset(file, (source) => new sources.ConcatSource(HINT, source));
          }
        },
      );
    });
  }
}

/** The JavaScript files of the chunks that start each entry point (not the chunks they load). */
function entryFiles(compilation) {
  const files = new Set();
  for (const entrypoint of compilation.entrypoints.values()) {
    const chunk = entrypoint.getEntrypointChunk();
    for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
  }
  return files;
}

module.exports = { EntryCompileHintPlugin, COMPILE_HINT: HINT.trim() };
