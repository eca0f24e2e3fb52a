import { createRegister } from 'shared/remote-kit';
import { setHost } from '#lib';
import { createRoutes } from '../app/routes';
import pkg from '../../package.json';
import zhCN from '../locales/zh-CN.json';
import en from '../locales/en.json';
import ja from '../locales/ja.json';

/** The one module mf_admin exposes: keeps the host context, adds the namespace, answers the routes. */
export const register = createRegister({
  name: 'mf_admin',
  version: pkg.version,
  resources: { 'zh-CN': zhCN, en, ja },
  setHost,
  routes: createRoutes,
});
