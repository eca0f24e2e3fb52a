import zhCN from './zh-CN.json';
import en from './en.json';
import ja from './ja.json';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out[`${prefix}${key}`] = value;
    else Object.assign(out, leaves(value, `${prefix}${key}.`));
  }
  return out;
}

const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;
const placeholders = (text: string) => (text.match(/{{\s*\w+\s*}}/g) ?? []).sort();

describe('mf_account locale files', () => {
  const files = { 'zh-CN': leaves(zhCN), en: leaves(en), ja: leaves(ja) };

  it('have identical key sets in zh-CN, en and ja', () => {
    const reference = Object.keys(files['zh-CN']).sort();
    expect(Object.keys(files.en).sort()).toEqual(reference);
    expect(Object.keys(files.ja).sort()).toEqual(reference);
  });

  it('have no empty strings', () => {
    for (const file of Object.values(files))
      for (const [key, text] of Object.entries(file)) expect([key, text.trim().length > 0]).toEqual([key, true]);
  });

  it('use the same placeholders in every language', () => {
    for (const key of Object.keys(files['zh-CN'])) {
      expect([key, placeholders(files.en[key]!)]).toEqual([key, placeholders(files['zh-CN'][key]!)]);
      expect([key, placeholders(files.ja[key]!)]).toEqual([key, placeholders(files['zh-CN'][key]!)]);
    }
  });

  it('show no Chinese in English mode except the native language names in the language list', () => {
    const chinese = Object.entries(files.en).filter(
      ([key, text]) => HAN.test(text) && !key.startsWith('language.names.'),
    );
    expect(chinese).toEqual([]);
  });
});
