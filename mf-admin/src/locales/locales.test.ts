import { expectLocales } from 'shared/remote-kit/testing';
import zhCN from './zh-CN.json';
import en from './en.json';
import ja from './ja.json';

describe('locales', () => {
  it('have identical key sets and interpolation variables in zh-CN, en and ja, and no empty texts', () => {
    expectLocales({ 'zh-CN': zhCN, en, ja });
  });
});
