import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { drawLottery, seedHashOf, type LotteryLine } from 'shared';
import { fakeApi, ok } from 'shared/test-utils';
import { renderRemote } from '#testing';
import { application, installSubtleCrypto, issue, SEED, verificationBefore } from '../testing/fixtures';

const session = { language: 'us', market: 'jpy', token: 't' } as const;
const APPLICATIONS = [
  { application_no: 1, units: 5 },
  { application_no: 2, units: 5 },
  { application_no: 3, units: 3 },
  { application_no: 4, units: 1 },
];

beforeAll(() => installSubtleCrypto());

/** A real draw of 10 lots over 14 applied for, published in pages of two lines. */
async function published(tamper?: (lines: LotteryLine[]) => LotteryLine[]) {
  const hash = await seedHashOf(SEED);
  const drawn = await drawLottery(SEED, 10, APPLICATIONS);
  const lines = tamper ? tamper(drawn) : drawn;
  const own = drawn.find((line) => line.application_no === 3)!;
  const allotted = lines.reduce((sum, line) => sum + line.allotted_units, 0);
  const verification = {
    ...verificationBefore,
    seed_hash: hash,
    seed: SEED,
    applications: 4,
    units_applied: 14,
    units_allotted: allotted,
    drawn_at: '2026-11-27T01:00:00.000Z',
  };
  const state = own.allotted_units > 0 ? 'won' : 'not_won';
  const mine = application({ state, allotted_quantity: String(own.allotted_units * 100) });
  return {
    own,
    routes: {
      '/ipo/info': ok({
        issue: issue({ state: 'subscribing', drawn: true, seed_hash: hash, hit_rate: '71.43' }),
        application: mine,
        verification,
      }),
      '/ipo/draw': (form: Record<string, string>) => {
        const page = Number(form.page);
        const list = lines.slice((page - 1) * 2, page * 2);
        return ok({
          list,
          total: 4,
          seed: SEED,
          seed_hash: hash,
          algorithm: 'equal-lot-lottery/1',
          units_offered: 10,
          lot_size: 100,
        });
      },
    },
  };
}

describe('verify the draw', () => {
  it('before the draw shows the published seed hash and what will be published, with no button yet', async () => {
    const api = fakeApi({ '/ipo/info': ok({ issue: issue(), application: null, verification: verificationBefore }) });
    await renderRemote('/home/newShareInfo?id=7', { adapter: api, session });
    const card = await screen.findByRole('region', { name: 'Verify the draw' });
    expect(card).toHaveTextContent('f'.repeat(64));
    expect(card).toHaveTextContent(/SeedPublished after the draw \(2026-11-27/);
    expect(card).toHaveTextContent('equal-lot-lottery/1');
    expect(card).toHaveTextContent(/After the draw we publish the seed/);
    expect(within(card).queryByRole('button', { name: 'Recompute the draw in this browser' })).toBeNull();
  });

  it('recomputes every published allotment in the browser and says it matches', async () => {
    const { routes, own } = await published();
    const api = fakeApi(routes);
    await renderRemote('/home/newShareInfo?id=7', { adapter: api, session });
    const card = await screen.findByRole('region', { name: 'Verify the draw' });
    expect(card).toHaveTextContent(SEED);
    await userEvent.click(within(card).getByRole('button', { name: 'Recompute the draw in this browser' }));

    const result = await within(card).findByRole('status', { name: 'Verification result' });
    expect(result).toHaveTextContent('Match: recomputed in this browser, all 4 published allotments');
    expect(result).toHaveTextContent('The seed matches the hash published when the window opened.');
    const units = own.allotted_units;
    expect(result).toHaveTextContent(
      `Your application: 3 lots applied for; published ${units} allotted, recomputed ${units}.`,
    );
    expect(api.calls.filter((c) => c.url === '/ipo/draw').map((c) => c.form.page)).toEqual(['1', '2']);
  });

  it('says so when a published allotment differs from the recomputation', async () => {
    const { routes } = await published((lines) =>
      lines.map((line) => (line.application_no === 4 ? { ...line, allotted_units: 1 - line.allotted_units } : line)),
    );
    await renderRemote('/home/newShareInfo?id=7', { adapter: fakeApi(routes), session });
    const card = await screen.findByRole('region', { name: 'Verify the draw' });
    await userEvent.click(within(card).getByRole('button', { name: 'Recompute the draw in this browser' }));

    const result = await within(card).findByRole('status', { name: 'Verification result' });
    expect(result).toHaveTextContent('Mismatch: the recomputation in this browser does not agree');
    expect(result).toHaveTextContent('1 application differs: 4');
  });

  it('says so when the seed does not match the hash published at the window opening', async () => {
    const { routes } = await published();
    const info = routes['/ipo/info'] as { data: { verification: Record<string, unknown> } };
    info.data.verification.seed_hash = '0'.repeat(64);
    await renderRemote('/home/newShareInfo?id=7', { adapter: fakeApi(routes), session });
    const card = await screen.findByRole('region', { name: 'Verify the draw' });
    await userEvent.click(within(card).getByRole('button', { name: 'Recompute the draw in this browser' }));
    const result = await within(card).findByRole('status', { name: 'Verification result' });
    await waitFor(() => expect(result).toHaveTextContent('Mismatch'));
    expect(result).toHaveTextContent('The seed does NOT match the hash published when the window opened.');
  });
});
