import type { z } from 'zod';
import { ENDPOINTS, type EndpointDef } from './index';

/** The object shape of a request schema (through pipes). */
function shapeOf(schema: z.ZodTypeAny): Record<string, z.ZodTypeAny> {
  let current = schema as unknown as { shape?: Record<string, z.ZodTypeAny>; def: { type: string; in?: unknown } };
  while (!current.shape && current.def.type === 'pipe') current = current.def.in as typeof current;
  return current.shape ?? {};
}

/** Fields where a multi-line text makes sense: tab and line breaks are allowed there. */
const MULTI_LINE = new Set(['adminNews.summary', 'adminNews.body', 'adminConfig.value']);

const fields = Object.entries(ENDPOINTS as Record<string, EndpointDef>).flatMap(([name, endpoint]) =>
  Object.keys(shapeOf(endpoint.request)).map((field) => ({ name, field, schema: endpoint.request })),
);

/** The issue a request with `value` in `field` (and nothing else) gets at that field, if any. */
function issueAt(schema: z.ZodTypeAny, field: string, value: string) {
  const result = schema.safeParse({ [field]: value });
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === field);
}

describe('text fields of every request', () => {
  it('finds the fields of every request schema', () => {
    expect(fields.length).toBeGreaterThan(50);
    expect(fields).toContainEqual(expect.objectContaining({ name: 'bankAdd', field: 'bank_name' }));
  });

  it.each([
    ['NUL', 'a\u0000b'],
    ['BEL', 'a\u0007b'],
    ['ESC', 'a\u001bb'],
    ['vertical tab', 'a\u000bb'],
    ['DEL', 'a\u007fb'],
    ['a lone high surrogate', 'a\ud800b'],
    ['a lone low surrogate', 'a\udfffb'],
  ])('refuses %s in every string field, naming the field', (_, value) => {
    // Refused as that field: the server answers the issue's key, or field_invalid {field} (issueRefusal).
    const accepted = fields.filter(({ schema, field }) => !issueAt(schema, field, value));
    expect(accepted.map(({ name, field }) => `${name}.${field}`)).toEqual([]);
  });

  it('refuses tab and line breaks in one-line fields and keeps them in multi-line texts', () => {
    for (const value of ['a\tb', 'a\nb', 'a\r\nb']) {
      const accepted = fields.filter(({ schema, field }) => !issueAt(schema, field, value));
      expect(accepted.map(({ name, field }) => `${name}.${field}`).filter((f) => !MULTI_LINE.has(f))).toEqual([]);
    }
    expect(ENDPOINTS.adminNews.request.safeParse({ lang: 'en', title: 'T', body: 'line 1\n\tline 2' }).success).toBe(
      true,
    );
  });

  it('answers field_invalid for the bank name and the real name with a NUL byte (not their required key)', () => {
    expect(issueAt(ENDPOINTS.bankAdd.request, 'bank_name', 'x\u0000')?.message).toBe('field_invalid');
    expect(issueAt(ENDPOINTS.realname.request, 'name', '\u0000')?.message).toBe('field_invalid');
  });

  it('keeps ordinary text, including CJK and emoji (surrogate pairs)', () => {
    expect(issueAt(ENDPOINTS.realname.request, 'name', '山田 太郎')).toBeUndefined();
    expect(issueAt(ENDPOINTS.bankAdd.request, 'bank_name', 'みずほ銀行 🏦')).toBeUndefined();
  });
});
