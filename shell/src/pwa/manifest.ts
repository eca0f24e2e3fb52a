/**
 * The web app manifest: the app installs on a phone's home screen
 * (docs/decisions/0037-installable-app-and-dark-mode.md).
 * One manifest per language, emitted by the build (shell/build/web-manifest-plugin.cjs) next to index.html:
 * /manifest.webmanifest (zh-CN, the default language, linked by index.html as served), /manifest.en.webmanifest and
 * /manifest.ja.webmanifest. A page allows one manifest: index.html's early script (`pickManifest`, inlined in <head>
 * with the early theme) points the link at the session's language (localStorage `language`), as the pre-rendered
 * start-up screen picks its language, before the browser reads it.
 */

export type ManifestTag = 'zh-CN' | 'en' | 'ja';
export const MANIFEST_TAGS: readonly ManifestTag[] = ['zh-CN', 'en', 'ja'];

/** The manifest's URL for a language tag. */
export function manifestPath(tag: ManifestTag): string {
  return tag === 'zh-CN' ? '/manifest.webmanifest' : `/manifest.${tag}.webmanifest`;
}

/** The icons the build copies (shell/src/pwa/icons/, made by tools/icons/render-app-icons.cjs). */
export const ICON_FILES = ['kabu-192.png', 'kabu-512.png', 'kabu-maskable-192.png', 'kabu-maskable-512.png'];

/** Browser bar and splash colours: the brand (tokens.css --color-brand), the start-up splash (--color-splash-to). */
export const THEME_COLOR = '#1a3fb8';
export const BACKGROUND_COLOR = '#0f1a3a';

const TEXT: Record<ManifestTag, { name: string; description: string }> = {
  'zh-CN': { name: 'Kabu 股票交易', description: '股票、基金、新股申购与跟单交易' },
  en: { name: 'Kabu Trading', description: 'Stocks, funds, new share subscriptions and copy trading' },
  ja: { name: 'Kabu 株取引', description: '株式・ファンド・新規公開株の申込・コピートレード' },
};

export interface WebManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: string;
  dir: 'ltr';
  start_url: string;
  scope: string;
  display: 'standalone';
  orientation: 'portrait';
  theme_color: string;
  background_color: string;
  categories: string[];
  icons: Array<{ src: string; sizes: string; type: string; purpose: 'any' | 'maskable' }>;
}

export function webManifest(tag: ManifestTag): WebManifest {
  return {
    // the same app in every language: one id, so switching languages never makes a second install
    id: '/',
    name: TEXT[tag].name,
    short_name: 'Kabu',
    description: TEXT[tag].description,
    lang: tag,
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    categories: ['finance'],
    icons: [
      { src: '/icons/kabu-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/kabu-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/kabu-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/kabu-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  };
}

/**
 * index.html's early manifest choice (inlined by the build, so self-contained): the <link rel="manifest"> to the
 * session's language (localStorage `language`: cn, us/en, jp; zh-CN when none). Never throws.
 */
export function pickManifest(win: Window): void {
  let language: string | null = null;
  try {
    language = win.localStorage.getItem('language');
  } catch {
    language = null;
  }
  const file = language === 'us' || language === 'en' ? 'manifest.en' : language === 'jp' ? 'manifest.ja' : 'manifest';
  const link = win.document.querySelector('link[rel="manifest"]');
  if (link) link.setAttribute('href', '/' + file + '.webmanifest');
}
