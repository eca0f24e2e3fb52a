import type { RegisterRemote } from 'shared/mf';
import { installBaseApi } from 'shared/api';
import { NAMESPACE, setHost } from '#lib';
import { createRoutes } from '../app/routes';
import pkg from '../../package.json';
import zhCN from '../locales/zh-CN.json';
import en from '../locales/en.json';
import ja from '../locales/ja.json';

const RESOURCES = { 'zh-CN': zhCN, en, ja } as const;

/** BUILD_LABEL at build time (webpack DefinePlugin), else the package version. */
function buildLabel(): string {
  return (typeof __BUILD_LABEL__ === 'string' && __BUILD_LABEL__) || pkg.version;
}

/** The one module mf_ipo exposes: keeps the host context, adds the namespace, answers the routes. */
export const register: RegisterRemote = (ctx) => {
  setHost(ctx);
  installBaseApi(ctx);
  for (const [lang, bundle] of Object.entries(RESOURCES)) ctx.i18n.addResourceBundle(lang, NAMESPACE, bundle, true, true);
  return { name: 'mf_ipo', namespace: NAMESPACE, build: buildLabel(), routes: createRoutes() };
};
