/**
 * The Content-Security-Policy's build side (docs/decisions/0033-content-security-policy.md).
 *
 * CspHashesPlugin: once html-webpack-plugin has the final index.html (minified), the SHA-256 of each
 * inline script that runs and of each inline <style>, as CSP source expressions, written next to it as
 * csp-hashes.json ({"script-src": [...], "style-src": [...]}). The server (server/src/security/headers.ts)
 * and the dev server (devHeaders below) add them to the policy: index.html's early-paint code runs
 * without 'unsafe-inline'. JSON data blocks (type="application/json") are not scripts and need none.
 * The build fails on what no hash can allow: an inline event handler (onclick="…"), a style="…"
 * attribute or a javascript: URL in the page.
 */
const crypto = require('node:crypto');
const HtmlWebpackPlugin = require('html-webpack-plugin');

const FILE = 'csp-hashes.json';
const DATA_TYPES = /^(application\/json|application\/ld\+json|importmap|speculationrules)$/i;

const sha256 = (text) => `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The hash sources of `html`'s inline scripts and styles; throws on inline code no hash allows. */
function inlineHashes(html) {
  const script = [];
  const style = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = m[1];
    if (/\bsrc\s*=/i.test(attrs)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1];
    if (type && DATA_TYPES.test(type)) continue;
    // markup a script puts in (innerHTML of an escaped string) with a style attribute: refused by style-src
    if (/\sstyle=\\"/.test(m[2]))
      throw new Error('csp: an inline script of index.html inserts markup with a style attribute; the CSP refuses it');
    script.push(sha256(m[2]));
  }
  for (const m of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi)) style.push(sha256(m[1]));
  // Markup only (scripts and styles taken out): what a hash cannot allow.
  const markup = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '');
  const refused = [
    [/<[^>]+\son[a-z]+\s*=/i, 'an inline event handler'],
    [/<[^>]+\sstyle\s*=/i, 'a style attribute'],
    [/<[^>]+\s(href|src|action)\s*=\s*["']?\s*javascript:/i, 'a javascript: URL'],
  ].find(([re]) => re.test(markup));
  if (refused) throw new Error(`csp: index.html has ${refused[1]}; the Content-Security-Policy refuses it`);
  return { 'script-src': [...new Set(script)], 'style-src': [...new Set(style)] };
}

/** The hashes of the last page each dev compiler built, by output path (devHeaders). */
const latest = new Map();

class CspHashesPlugin {
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('CspHashesPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).beforeEmit.tapPromise('CspHashesPlugin', async (data) => {
        if (data.outputName !== 'index.html') return data;
        let hashes;
        try {
          hashes = inlineHashes(data.html);
        } catch (error) {
          compilation.errors.push(error);
          return data;
        }
        latest.set(compiler.options.output.path, hashes);
        compilation.emitAsset(FILE, new RawSource(`${JSON.stringify(hashes, null, 2)}\n`));
        return data;
      });
    });
  }
}

/**
 * The policy `webpack serve` answers with (npm run dev in a package): the server's directives, with the
 * dev servers' origins (the shell and the remotes each on their own port, the API proxied) and, for
 * style-loader's <style> elements (development only; production extracts CSS files), 'unsafe-inline' in
 * style-src. Never 'unsafe-eval': development builds use a devtool without eval.
 */
function devPolicy(outputPath, devOrigins) {
  const hashes = latest.get(outputPath) || { 'script-src': [], 'style-src': [] };
  const own = ["'self'", ...devOrigins];
  const directives = {
    'default-src': ["'self'"],
    'script-src': [...own, ...hashes['script-src']],
    'script-src-attr': ["'none'"],
    'style-src': [...own, "'unsafe-inline'"],
    'img-src': [...own, 'data:', 'blob:'],
    'font-src': [...own, 'data:'],
    'connect-src': [...own, ...devOrigins.map((o) => o.replace(/^http/, 'ws'))],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'frame-src': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** webpack-dev-server `headers`: the server's security headers with the dev policy. */
function devHeaders(outputPath, devOrigins) {
  return () => ({
    'Access-Control-Allow-Origin': '*',
    'Content-Security-Policy': devPolicy(outputPath, devOrigins),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Resource-Policy': 'cross-origin',
  });
}

module.exports = { CspHashesPlugin, inlineHashes, devPolicy, devHeaders, CSP_HASHES_FILE: FILE };
