import '../testing/setup';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { openDatabase } from '../db/database';
import { testBackends } from '../testing/backends';
import { maskText, safeLoggerOptions } from './log-redaction';

const CARD = '4111222233334444';
const ID_NUMBER = 'XK98765432';
const NAME = 'Hanako Secretname';

/** A Fastify logger with the app's options, writing its lines into `lines`. */
function capturingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const app = Fastify({ logger: safeLoggerOptions({ level: 'info', stream }) });
  return { log: app.log, lines, text: () => lines.join('') };
}

describe('log redaction', () => {
  it('logs a failed query without its parameters or the values PostgreSQL quotes back', async () => {
    const testDb = await testBackends()[0]!.open();
    const database = await openDatabase(testDb.config);
    try {
      const error: unknown = await database
        .tx((tx) => tx.execute(sql`SELECT ${NAME}::text, ${ID_NUMBER}::text, ${CARD}::int`))
        .catch((e: unknown) => e);
      expect(String(error)).toContain(CARD); // what drizzle puts in the message: the query and its params
      const { log, text } = capturingLogger();
      log.error({ err: error }, 'unhandled error');
      const out = text();
      expect(out).toContain('unhandled error');
      expect(out).toContain('Failed query');
      for (const secret of [CARD, ID_NUMBER, NAME]) expect(out).not.toContain(secret);
      expect(out).not.toContain('"params"');
    } finally {
      await database.close();
      await testDb.cleanup();
    }
  }, 30_000);

  it('masks card and ID numbers to their last 4 and hides names and passwords under known field names', () => {
    const { log, text } = capturingLogger();
    log.info({ card_number: CARD, body: { id_number: ID_NUMBER, holder_name: NAME, fund_password: '135790' } }, 'x');
    log.info({ input: { card: { card_number: CARD, name: NAME } } }, 'y');
    const out = text();
    for (const secret of [CARD, ID_NUMBER, NAME, '135790']) expect(out).not.toContain(secret);
    expect(out).toContain('************4444');
    expect(out).toContain('******5432');
  });

  it('masks long digit runs, quoted values and key values inside error texts', () => {
    expect(maskText(`invalid input syntax for type integer: "${CARD}"`)).toBe(
      'invalid input syntax for type integer: "[redacted]"',
    );
    expect(maskText(`Key (card_number)=(${CARD}) already exists.`)).toBe(
      'Key (card_number)=([redacted]) already exists.',
    );
    expect(maskText(`Failed query: insert into x values ($1)\nparams: ${NAME},${CARD}`)).toBe(
      'Failed query: insert into x values ($1)\nparams: [redacted]',
    );
    expect(maskText(`card ${CARD} declined`)).toBe('card ************4444 declined');
  });
});
