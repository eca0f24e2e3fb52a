/**
 * Junk input against every call of the contract: each field of each request gets a NUL byte, a lone
 * surrogate and a 1 MB string, and each numeric-looking field 1e400, NaN, -0 and Infinity, as a form
 * body, a JSON body and (uploads) multipart. No answer may be a 5xx, and the log (captured from the
 * app's own logger) must never show a sent card number, ID number or name in clear. One app, one
 * PGlite database; a logged-in user with a card and a fund password (an admin on admin routes).
 */
import '../testing/setup';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Writable } from 'node:stream';
import type { z } from 'zod';
import { ENDPOINTS, type EndpointDef } from 'shared/contract';
import { startTestApp, type TestApp } from '../testing/app';
import { testBackends } from '../testing/backends';
import { TINY_JPEG, VERIFIED_NAME, registerAdmin } from '../testing/accounts';
import { FUND_PASSWORD, moneyReadyUser, type MoneyUser } from '../testing/money';
import { registerAndLogin, uniqueAccount, type LoggedIn } from '../testing/users';

const CARD = '4000123412341234';
const ID_NUMBER = 'QZ7654321';
const MEGABYTE = 'x'.repeat(1 << 20);

const STRING_JUNK: Array<[string, string]> = [
  ['NUL', 'a\u0000b'],
  ['lone surrogate', '\ud800'],
  ['1 MB', MEGABYTE],
];
const NUMBER_JUNK = ['1e400', 'NaN', '-0', 'Infinity'];
/** Sent as bare JSON numbers in a JSON body (the others are not JSON numbers). */
const JSON_NUMBER_LITERALS = new Set(['1e400', '-0']);

type Shape = Record<string, z.ZodTypeAny>;

function shapeOf(schema: z.ZodTypeAny): Shape {
  let current = schema as unknown as { shape?: Shape; def: { type: string; in?: unknown } };
  while (!current.shape && current.def.type === 'pipe') current = current.def.in as typeof current;
  return current.shape ?? {};
}

const accepts = (schema: z.ZodTypeAny, value: string) => schema.safeParse(value).success;
const numericLooking = (schema: z.ZodTypeAny) => ['1', '100', '1.5'].some((v) => accepts(schema, v));

/** Values tried, in order, for a field without a fixed sample: the first its schema accepts is used. */
const CANDIDATES = ['1', 'jpy', 'JPY', 'en', 'long', 'approve', 'ordinary', '001', '123456', 'fuzz text', 'a@b.jp'];

describe('every route under junk input', () => {
  let t: TestApp;
  let logged = '';
  let user: MoneyUser;
  let admin: LoggedIn;
  let newcomer: LoggedIn;
  let victim: LoggedIn;

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged += chunk.toString();
        done();
      },
    });
    t = await startTestApp(testBackends()[0]!, { logger: { level: 'info', stream } });
    user = await moneyReadyUser(t.app);
    admin = await registerAdmin(t.app);
    newcomer = await registerAndLogin(t.app);
    victim = await registerAndLogin(t.app);
  });
  afterAll(() => t.close());

  /** A request body where every field is valid on its own, so the junk field is the one that matters. */
  function baseBody(name: string, shape: Shape): Record<string, string> {
    const fixed: Record<string, string> = {
      account: name === 'register' ? uniqueAccount() : name === 'login' ? user.account : victim.account,
      card_number: CARD,
      id_number: ID_NUMBER,
      name: VERIFIED_NAME,
      holder_name: VERIFIED_NAME,
      card_id: String(user.cardId),
      fund_password: FUND_PASSWORD,
      password: name === 'setFundPassword' ? '246802' : 'fuzz password 1',
      to: 'USD',
      code: '7203',
      reason: 'fuzz reason',
    };
    const body: Record<string, string> = {};
    for (const [field, schema] of Object.entries(shape)) {
      const value = [fixed[field], ...CANDIDATES].find((v) => v !== undefined && accepts(schema, v));
      if (value !== undefined) body[field] = value;
    }
    for (const field of Object.keys(body))
      if (field.endsWith('2') && body[field.slice(0, -1)]) body[field] = body[field.slice(0, -1)]!;
    return body;
  }

  function headersFor(name: string, endpoint: EndpointDef): Record<string, string> {
    const who = endpoint.admin ? admin : name === 'realname' ? newcomer : endpoint.auth ? user : undefined;
    return { ...(who?.headers ?? {}), ...(endpoint.idempotent ? { 'idempotency-key': randomUUID() } : {}) };
  }

  function multipart(fields: Record<string, string>, files: readonly string[]) {
    const boundary = `----fuzz${randomUUID()}`;
    const chunks: Buffer[] = [];
    for (const [key, value] of Object.entries(fields))
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`));
    for (const file of files)
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${file}"; filename="a.jpg"\r\n` +
            'Content-Type: image/jpeg\r\n\r\n',
        ),
        TINY_JPEG,
        Buffer.from('\r\n'),
      );
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return { type: `multipart/form-data; boundary=${boundary}`, payload: Buffer.concat(chunks) };
  }

  /** The bodies one route gets: per field its junk values; one body with every field at 1 MB. */
  function junkBodies(name: string, endpoint: EndpointDef) {
    const shape = shapeOf(endpoint.request);
    const base = baseBody(name, shape);
    const bodies: Array<{ label: string; body: Record<string, string>; numeric?: string }> = [];
    for (const [field, schema] of Object.entries(shape)) {
      for (const [label, value] of STRING_JUNK)
        bodies.push({ label: `${field} ${label}`, body: { ...base, [field]: value } });
      if (numericLooking(schema))
        for (const value of NUMBER_JUNK)
          bodies.push({ label: `${field} ${value}`, body: { ...base, [field]: value }, numeric: field });
    }
    // Any body over the 64 kB limit is refused before its fields are read: one such body per route
    // (multipart, whose fields are read one by one, gets a 1 MB value in each field instead).
    if (Object.keys(shape).length > 0)
      bodies.push({
        label: 'every field 1 MB',
        body: Object.fromEntries(Object.keys(shape).map((f) => [f, MEGABYTE])),
      });
    return bodies;
  }

  function encodings(endpoint: EndpointDef, body: Record<string, string>, numeric?: string, megabyteField = false) {
    const json = `{${Object.entries(body)
      .map(([k, v]) => `${JSON.stringify(k)}:${k === numeric && JSON_NUMBER_LITERALS.has(v) ? v : JSON.stringify(v)}`)
      .join(',')}}`;
    return [
      ...(megabyteField
        ? []
        : [
            {
              encoding: 'form',
              type: 'application/x-www-form-urlencoded',
              payload: new URLSearchParams(body).toString(),
            },
            { encoding: 'json', type: 'application/json', payload: json },
          ]),
      ...(endpoint.files ? [{ encoding: 'multipart', ...multipart(body, endpoint.files) }] : []),
    ];
  }

  it('answers no 5xx and logs no card number, ID number or name in clear', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const [name, endpoint] of Object.entries(ENDPOINTS as Record<string, EndpointDef>)) {
      const requests = junkBodies(name, endpoint).flatMap(({ label, body, numeric }) =>
        encodings(endpoint, body, numeric, label.endsWith(' 1 MB') && !label.startsWith('every')).map((e) => ({
          label,
          ...e,
        })),
      );
      // One route's requests at once (each has its own junk; the route's state is the same for all).
      await Promise.all(
        requests.map(async ({ label, encoding, type, payload }) => {
          const response = await t.app.inject({
            method: 'POST',
            url: `/api/vue${endpoint.path}`,
            headers: { ...headersFor(name, endpoint), 'content-type': type },
            payload,
          });
          sent += 1;
          if (response.statusCode >= 500)
            failures.push(`${name}: ${label} (${encoding}): ${response.statusCode} ${response.body}`);
        }),
      );
    }
    expect(sent).toBeGreaterThan(500);
    expect(failures).toEqual([]);
    expect(logged).toContain('request completed'); // the capture works
    for (const secret of [CARD, ID_NUMBER, VERIFIED_NAME]) expect(logged).not.toContain(secret);
    // ~15 s of CPU; the margin is for a machine busy with other suites.
  }, 120_000);

  it("logs a failed query through the app's logger without its parameters", async () => {
    const error: unknown = await t.app.db
      .tx((tx) => tx.execute(sql`SELECT ${VERIFIED_NAME}::text, ${ID_NUMBER}::text, ${CARD}::int`))
      .catch((e: unknown) => e);
    expect(String(error)).toContain(CARD);
    const before = logged.length;
    t.app.log.error({ err: error, body: { card_number: CARD, id_number: ID_NUMBER } }, 'unhandled error');
    const line = logged.slice(before);
    expect(line).toContain('Failed query');
    expect(line).toContain('************1234'); // the card number masked to its last 4
    for (const secret of [CARD, ID_NUMBER, VERIFIED_NAME]) expect(line).not.toContain(secret);
  });
});
