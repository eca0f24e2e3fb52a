/**
 * Emits the web app manifests (one per language) and the home-screen icons next to index.html
 * (src/pwa/manifest.ts, docs/decisions/0037-installable-app-and-dark-mode.md). Their names carry no content hash: the
 * server serves them no-cache and the service worker fetches them network first, as it does index.html.
 */
const fs = require('node:fs');
const path = require('node:path');

class WebManifestPlugin {
  constructor({ load }) {
    // load(): the manifest module (src/pwa/manifest.ts), required at build time
    this.load = load;
  }
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('WebManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'WebManifestPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const { MANIFEST_TAGS, manifestPath, webManifest, ICON_FILES } = this.load();
          for (const tag of MANIFEST_TAGS) {
            const json = `${JSON.stringify(webManifest(tag), null, 2)}\n`;
            compilation.emitAsset(manifestPath(tag).slice(1), new sources.RawSource(json));
          }
          const dir = path.join(__dirname, '../src/pwa/icons');
          for (const file of ICON_FILES) {
            const full = path.join(dir, file);
            compilation.fileDependencies.add(full);
            compilation.emitAsset(`icons/${file}`, new sources.RawSource(fs.readFileSync(full)));
          }
        },
      );
    });
  }
}

module.exports = { WebManifestPlugin };
