/**
 * Test helpers every remote's tests share (jest only). The jsdom polyfills React Router needs live in
 * shared/src/test-utils/setup-dom.ts, which jest loads for every web project.
 *
 *   // mf-trade/src/testing/index.ts
 *   export const renderTrade = (path: string, options?: RemoteRenderOptions) => renderRemote(register, path, options);
 *   // mf-trade/src/expose/register.test.ts
 *   await expectRegistration(register, 'mf_trade', { build: pkg.version, locales: I18N_LANGS });
 */
import { expect } from '@jest/globals';
import i18next, { type i18n as I18n } from 'i18next';
import { createMiniHost, renderRegistration, type MiniHostOptions, type RenderOptions } from 'shared/test-utils';
import { ROUTE_OWNERS, type RemoteName } from 'shared/routes';
import type { RegisterRemote, RemoteRegistration } from 'shared/mf';

export type RemoteRenderOptions = Omit<RenderOptions, 'path'>;

/** Registers a remote in a mini host and renders the route at `path` (network faked by `adapter`). */
export function renderRemote(register: RegisterRemote, path: string, options: RemoteRenderOptions = {}) {
  return renderRegistration(register, { ...options, path });
}

export interface ExpectRegistrationOptions {
  /** The expected build label (else any non-empty string). */
  build?: string;
  /** i18next languages whose bundle of the remote's namespace `register` must have added. */
  locales?: readonly string[];
  /** Mini host options (session language, ...). */
  host?: MiniHostOptions;
}

/**
 * Runs `register` in a mini host and checks the registration: its name and namespace are `name`,
 * it answers exactly the paths ROUTE_OWNERS gives it, each absolute, lazy and with an error
 * element, and it added its namespace in `locales`. Returns the registration and the host.
 */
export async function expectRegistration(
  register: RegisterRemote,
  name: RemoteName,
  options: ExpectRegistrationOptions = {},
) {
  const host = createMiniHost(options.host);
  const registration: RemoteRegistration = await register(host.ctx);
  expect(registration.name).toBe(name);
  expect(registration.namespace).toBe(name);
  if (options.build !== undefined) expect(registration.build).toBe(options.build);
  else expect(registration.build).toEqual(expect.any(String));
  expect(registration.build).not.toBe('');
  expect(registration.routes.map((r) => r.path).sort()).toEqual([...ROUTE_OWNERS[name]].sort());
  for (const route of registration.routes) {
    expect(route.path?.startsWith('/')).toBe(true);
    expect(typeof route.lazy).toBe('function');
    expect(route.errorElement).toBeTruthy();
  }
  for (const lang of options.locales ?? [])
    expect([lang, host.i18n.hasResourceBundle(lang, name)]).toEqual([lang, true]);
  return { registration, host };
}

/** Runs every route's `lazy` of a registration and checks each answers a screen component. */
export async function expectScreensLoad(registration: RemoteRegistration): Promise<void> {
  for (const route of registration.routes) {
    const loaded = await (route.lazy as () => Promise<{ Component?: unknown }>)();
    expect([route.path, typeof loaded.Component]).toEqual([route.path, 'function']);
  }
}

type Tree = { [key: string]: unknown };

/** Every leaf key as a dotted path. */
function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v as Tree, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

const textOf = (tree: Tree, key: string) => key.split('.').reduce<unknown>((node, part) => (node as Tree)[part], tree);

/** Interpolation variables of every leaf, e.g. {"withdraw.rules.minimum": ["amount"]}. */
function variables(tree: Tree): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const key of keys(tree))
    out[key] = [...String(textOf(tree, key)).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]!).sort();
  return out;
}

/**
 * Checks a remote's locale files against the first one (zh-CN): identical key sets, the same
 * interpolation variables in every language, and no empty texts.
 */
export function expectLocales(bundles: Record<string, Tree>): void {
  const [reference, ...others] = Object.values(bundles);
  if (!reference) throw new Error('expectLocales: no bundles');
  for (const bundle of others) {
    expect(keys(bundle).sort()).toEqual(keys(reference).sort());
    expect(variables(bundle)).toEqual(variables(reference));
  }
  const empty = Object.entries(bundles).flatMap(([lang, tree]) =>
    keys(tree)
      .filter((k) => !textOf(tree, k))
      .map((k) => `${lang}:${k}`),
  );
  expect(empty).toEqual([]);
}

/**
 * An i18next instance over a remote's locale files (language → bundle), for tests of its texts as i18next reads them
 * (plural forms, nested texts): `i18n.t(key, { lng, ...values })`. English is the default language.
 */
export function localeI18n(bundles: Record<string, Tree>): I18n {
  const i18n = i18next.createInstance();
  const resources = Object.fromEntries(Object.entries(bundles).map(([lng, tree]) => [lng, { t: tree }]));
  void i18n.init({ lng: 'en', resources, defaultNS: 't', interpolation: { escapeValue: false }, initAsync: false });
  return i18n;
}
