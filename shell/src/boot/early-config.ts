/**
 * The site config answer index.html requests as soon as it arrives (window.__siteConfig, see
 * docs/decisions/0011-first-paint-from-html.md): the start-up screen shows the logo and title from
 * it at its first paint, and stage 2 uses the same answer instead of asking again. Without it
 * (tests, a failed early request, a refusal) stage 2 asks through the axios layer as before.
 */

/** `{name, value}` entries of a `common/config` answer, by name; null when it is not a list. */
export function configByName(data: unknown): Record<string, string> | null {
  if (!Array.isArray(data)) return null;
  const config: Record<string, string> = {};
  for (const entry of data as Array<{ name?: unknown; value?: unknown }>) {
    if (entry && typeof entry.name === 'string') config[entry.name] = String(entry.value ?? '');
  }
  return config;
}

interface EarlyWindow {
  __siteConfig?: Promise<{ status?: unknown; data?: unknown } | null>;
  __siteConfigValue?: Record<string, string>;
  __logoSrc?: (url: string) => string;
}

const early = () => (typeof window === 'undefined' ? {} : (window as EarlyWindow));

/** The config, when index.html's early answer is already in (successful only). */
export function earlyConfigNow(): Record<string, string> | undefined {
  return early().__siteConfigValue;
}

/**
 * index.html's early answer: the config by name when it succeeded (status 1), null when it failed,
 * was refused or was never made.
 */
export function earlyConfig(): Promise<Record<string, string> | null> {
  const answer = early().__siteConfig;
  if (!answer) return Promise.resolve(null);
  return answer.then(
    (body) => (body && Number(body.status) === 1 ? configByName(body.data) : null),
    () => null,
  );
}

/**
 * The source the start-up screen's logo is shown from: index.html's answer (the server's inlined
 * `data:` copy when the page carries one for this logo, server/src/routes/static.ts), so React keeps
 * the image the HTML painted; the URL itself otherwise.
 */
export function logoSource(url: string): string {
  const fromPage = early().__logoSrc;
  return url && fromPage ? fromPage(url) : url;
}
