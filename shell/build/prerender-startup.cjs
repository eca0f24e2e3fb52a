/**
 * Build-time pre-render of the start-up screen (docs/decisions/0011-first-paint-from-html.md).
 *
 * index.html carries the start-up screen as static markup (one copy per language, rendered here
 * from the same React component the boot renders, boot/startup-screen.tsx, with an empty start-up
 * store) and its CSS inline (shared/ui/tokens.css + styles/startup.css), so the screen paints as soon
 * as the HTML arrives, before any JavaScript. The boot's first React render produces the same DOM
 * and replaces it (createRoot clears the container on its first commit).
 */
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');
const ts = require('typescript');

const SRC = path.join(__dirname, '../src');

/** Requires a TypeScript/TSX module of shell/src in Node (transpiled on the fly, CommonJS). */
function requireSource(file) {
  const previous = { ts: Module._extensions['.ts'], tsx: Module._extensions['.tsx'] };
  const compile = (module, filename) => {
    const { outputText } = ts.transpileModule(fs.readFileSync(filename, 'utf8'), {
      compilerOptions: {
        module: ts.ModuleKind.CommonJS,
        target: ts.ScriptTarget.ES2020,
        jsx: ts.JsxEmit.ReactJSX,
        esModuleInterop: true,
        resolveJsonModule: true,
      },
      fileName: filename,
    });
    module._compile(outputText, filename);
  };
  Module._extensions['.ts'] = compile;
  Module._extensions['.tsx'] = compile;
  try {
    return require(file);
  } finally {
    if (previous.ts) Module._extensions['.ts'] = previous.ts;
    else delete Module._extensions['.ts'];
    if (previous.tsx) Module._extensions['.tsx'] = previous.tsx;
    else delete Module._extensions['.tsx'];
  }
}

/** Drops comments and collapses whitespace (the CSS is inlined into every HTML answer). */
function minifyCss(css) {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,>])\s*/g, '$1')
    .replace(/:\s+/g, ':')
    .replace(/;}/g, '}')
    .trim();
}

/**
 * The markup without style attributes: the Content-Security-Policy has no 'unsafe-inline' for styles, so a style
 * attribute the page's script puts in with innerHTML would be refused (docs/decisions/0033-content-security-policy.md).
 * The progress bar's start (scaleX(0)) is startup.css's default for the bar; React sets the later values through
 * element.style, which the policy allows. Any other style attribute fails the build: give the element a class.
 */
function cspSafeMarkup(html) {
  const out = html.replace(/ style="transform:scaleX\(0\)"/g, '');
  const left = /<[^>]*\sstyle="[^"]*"/.exec(out);
  if (left) throw new Error(`prerender-startup: a style attribute in the start-up screen (${left[0]}); use a class`);
  return out;
}

/**
 * `{ css, markup: { 'zh-CN': html, en: html, ja: html }, quote: { 'zh-CN': {label, simulated, asOf, chart,
 * chartSimulated, high, low}, ... } }` for the index.html template; `quote` are the strings of the early quote (and
 * its chart) a stock page's deep link shows (docs/decisions/0030-early-quote-from-html.md).
 */
function prerenderStartup() {
  const React = require('react');
  const { renderToStaticMarkup } = require('react-dom/server');
  const { StartupScreen } = requireSource(path.join(SRC, 'boot/startup-screen.tsx'));
  const { createStartupStore } = requireSource(path.join(SRC, 'boot/startup-state.ts'));
  const { startupT, STARTUP_STRINGS } = requireSource(path.join(SRC, 'boot/startup-strings.ts'));
  const markup = {};
  for (const tag of Object.keys(STARTUP_STRINGS)) {
    markup[tag] = cspSafeMarkup(
      renderToStaticMarkup(
        React.createElement(StartupScreen, { store: createStartupStore(), t: startupT(tag), leaving: false }),
      ),
    );
  }
  const css = minifyCss(
    [require.resolve('shared/ui/tokens.css'), path.join(SRC, 'styles/startup.css')]
      .map((file) => fs.readFileSync(file, 'utf8'))
      .join('\n'),
  );
  const quote = {};
  for (const tag of Object.keys(STARTUP_STRINGS)) {
    const t = startupT(tag);
    quote[tag] = {
      label: t('startup.quoteLabel'),
      simulated: t('startup.quoteSimulated'),
      asOf: t('startup.quoteAsOf'),
      chart: t('startup.quoteChart'),
      chartSimulated: t('startup.quoteChartSimulated'),
      high: t('startup.quoteHigh'),
      low: t('startup.quoteLow'),
    };
  }
  return { css, markup, quote, head: earlyHeadScript() };
}

/**
 * index.html's early head script (docs/decisions/0037-installable-app-and-dark-mode.md): the chosen theme
 * (shared/ui/theme.ts applyStoredTheme) and the manifest of the session's language (src/pwa/manifest.ts
 * pickManifest), run before the page's CSS applies and before the browser reads the manifest. The same functions the
 * app runs, their source inlined; the CSP allows the script by its hash (tools/webpack/csp.cjs).
 */
function earlyHeadScript() {
  const theme = requireSource(path.join(path.dirname(require.resolve('shared/package.json')), 'src/ui/theme.ts'));
  const manifest = requireSource(path.join(SRC, 'pwa/manifest.ts'));
  return `(${theme.applyStoredTheme.toString()})(window);(${manifest.pickManifest.toString()})(window);`;
}

/** The manifest module (src/pwa/manifest.ts) for build/web-manifest-plugin.cjs. */
function loadManifestModule() {
  return requireSource(path.join(SRC, 'pwa/manifest.ts'));
}

module.exports = { prerenderStartup, minifyCss, cspSafeMarkup, earlyHeadScript, loadManifestModule, requireSource };
