import { BusinessError } from '../errors';
import { isUniqueViolation, PG_CHECK_VIOLATION, PG_UNIQUE_VIOLATION, refuseDuplicate } from './errors';

/** The driver's error as drizzle throws it: its own query error with the driver's in `cause`. */
const wrapped = (driver: Record<string, unknown>) =>
  Object.assign(new Error('Failed query: insert into …'), { cause: Object.assign(new Error('driver'), driver) });

const unique = wrapped({ code: PG_UNIQUE_VIOLATION, constraint: 'loans_one_pending' });
const uniqueUnnamed = wrapped({ code: PG_UNIQUE_VIOLATION });
const check = wrapped({ code: PG_CHECK_VIOLATION, constraint: 'loans_one_pending' });

const failing = (error: unknown) => () => Promise.reject(error);

/** What a promise rejects with. */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`resolved with ${String(value)}`);
    },
    (error: unknown) => error,
  );
}

describe('isUniqueViolation', () => {
  it('reads 23505 through the cause drizzle wraps it in, and bare', () => {
    expect(isUniqueViolation(unique)).toBe(true);
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
  });

  it('with a constraint, only a violation of that constraint', () => {
    expect(isUniqueViolation(unique, 'loans_one_pending')).toBe(true);
    expect(isUniqueViolation(unique, 'deposits_one_pending')).toBe(false);
    expect(isUniqueViolation(uniqueUnnamed, 'loans_one_pending')).toBe(false);
  });

  it('another code, or no code, is not one', () => {
    expect(isUniqueViolation(check)).toBe(false);
    expect(isUniqueViolation(check, 'loans_one_pending')).toBe(false);
    expect(isUniqueViolation(new Error('boom'))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});

describe('refuseDuplicate', () => {
  it("answers the work's value when it succeeds", async () => {
    await expect(refuseDuplicate(async () => 7n, 'order_under_review')).resolves.toBe(7n);
  });

  it('turns a unique violation into a BusinessError of the key', async () => {
    const error = await rejection(refuseDuplicate(failing(uniqueUnnamed), 'lending_already_lent'));
    expect(error).toBeInstanceOf(BusinessError);
    expect((error as BusinessError).key).toBe('lending_already_lent');
  });

  it('or into what the factory makes (a field, values)', async () => {
    const refusal = () => new BusinessError('field_invalid', { field: 'code', values: { field: 'code' } });
    const error = await rejection(refuseDuplicate(failing(unique), refusal));
    expect(error).toBeInstanceOf(BusinessError);
    expect(error).toMatchObject({ key: 'field_invalid', extra: { field: 'code', values: { field: 'code' } } });
  });

  it('with a constraint, refuses a violation of it and passes one of another constraint through', async () => {
    const refused = await rejection(refuseDuplicate(failing(unique), 'order_under_review', 'loans_one_pending'));
    expect(refused).toMatchObject({ key: 'order_under_review' });
    expect(await rejection(refuseDuplicate(failing(unique), 'order_under_review', 'deposits_one_pending'))).toBe(
      unique,
    );
  });

  it('passes another code, and any other error, through unchanged', async () => {
    expect(await rejection(refuseDuplicate(failing(check), 'order_under_review'))).toBe(check);
    const boom = new Error('boom');
    expect(await rejection(refuseDuplicate(failing(boom), 'order_under_review'))).toBe(boom);
    const business = new BusinessError('deposit_pending');
    expect(await rejection(refuseDuplicate(failing(business), 'order_under_review'))).toBe(business);
  });

  it('catches a violation thrown synchronously by the work too', async () => {
    const work = () => {
      throw uniqueUnnamed;
    };
    expect(await rejection(refuseDuplicate(work, 'correction_already_reversed'))).toMatchObject({
      key: 'correction_already_reversed',
    });
  });
});
