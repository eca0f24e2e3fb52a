import zhCN from './zh-CN.json';
import en from './en.json';
import ja from './ja.json';

/** Every leaf key as a dotted path. */
function keys(tree: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

/** Interpolation variables of every leaf, e.g. {"withdraw.rules.minimum": ["amount"]}. */
function variables(tree: Record<string, unknown>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const key of keys(tree)) {
    const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree) as string;
    out[key] = [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]!).sort();
  }
  return out;
}

describe('locales', () => {
  it('have identical key sets in zh-CN, en and ja', () => {
    expect(keys(en).sort()).toEqual(keys(zhCN).sort());
    expect(keys(ja).sort()).toEqual(keys(zhCN).sort());
  });

  it('use the same interpolation variables in every language', () => {
    expect(variables(en)).toEqual(variables(zhCN));
    expect(variables(ja)).toEqual(variables(zhCN));
  });

  it('have no empty texts', () => {
    for (const tree of [zhCN, en, ja]) for (const [key, vars] of Object.entries(variables(tree))) expect([key, vars]).toBeDefined();
    const empty = [zhCN, en, ja].flatMap((tree) => keys(tree).filter((k) => !k.split('.').reduce<unknown>((n, p) => (n as Record<string, unknown>)[p], tree)));
    expect(empty).toEqual([]);
  });
});
