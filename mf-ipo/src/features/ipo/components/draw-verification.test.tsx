import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  drawLottery,
  finalSeedOf,
  leafOf,
  listRootOf,
  merkleLevels,
  proofFromLevels,
  seedHashOf,
  type ListedApplication,
  type LotteryLine,
} from 'shared';
import { fakeApi, ok } from 'shared/test-utils';
import { renderRemote } from '#testing';
import { application, CONTRIBUTION, installSubtleCrypto, issue, SEED, verificationBefore } from '../testing/fixtures';

const session = { language: 'us', market: 'jpy', token: 't' } as const;
/** Four applications; number 3 is the reader's, with the contribution on their receipt. */
const APPLICATIONS: ListedApplication[] = [
  { application_no: 1, units: 5, contribution: '01'.repeat(32) },
  { application_no: 2, units: 5, contribution: '02'.repeat(32) },
  { application_no: 3, units: 3, contribution: CONTRIBUTION },
  { application_no: 4, units: 1, contribution: '04'.repeat(32) },
];
type Line = LotteryLine & { contribution: string };

beforeAll(() => installSubtleCrypto());
beforeEach(() => localStorage.clear());

/** The list sealed at the close: its root and the reader's inclusion proof. */
async function sealed() {
  const root = await listRootOf(APPLICATIONS);
  const levels = await merkleLevels(await Promise.all(APPLICATIONS.map((a) => leafOf(a))));
  return {
    root,
    inclusion: { leaf_index: 2, path: proofFromLevels(levels, 2) },
    verification: { list_root: root, list_sealed_at: '2026-11-26T06:00:00.000Z', list_size: 4 },
  };
}

/**
 * A real draw of 10 lots over 14 applied for (equal-lot-lottery/2: the final seed from the seed and the
 * root of the close), published in pages of two lines.
 */
async function published(tamper?: (lines: Line[]) => Line[]) {
  const hash = await seedHashOf(SEED);
  const seal = await sealed();
  const finalSeed = await finalSeedOf(SEED, seal.root);
  const drawn = (await drawLottery(finalSeed, 10, APPLICATIONS)) as Line[];
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
    ...seal.verification,
    final_seed: finalSeed,
  };
  const state = own.allotted_units > 0 ? 'won' : 'not_won';
  const mine = application({ state, allotted_quantity: String(own.allotted_units * 100) });
  return {
    own,
    finalSeed,
    routes: {
      '/ipo/info': ok({
        issue: issue({ state: 'subscribing', drawn: true, seed_hash: hash, hit_rate: '71.43' }),
        application: mine,
        verification,
        inclusion: seal.inclusion,
      }),
      '/ipo/draw': (form: Record<string, string>) => {
        const page = Number(form.page);
        const list = lines.slice((page - 1) * 2, page * 2);
        return ok({
          list,
          total: 4,
          seed: SEED,
          seed_hash: hash,
          list_root: seal.root,
          algorithm: 'equal-lot-lottery/2',
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
    expect(card).toHaveTextContent('equal-lot-lottery/2');
    expect(card).toHaveTextContent(
      /List of applications \(Merkle root\)Sealed and published at the close \(2026-11-26/,
    );
    expect(card).toHaveTextContent(/At the close we publish the root of the list of applications/);
    expect(within(card).queryByRole('button', { name: 'Recompute the draw in this browser' })).toBeNull();
  });

  it('recomputes every published allotment in the browser and says it matches', async () => {
    const { routes, own, finalSeed } = await published();
    const api = fakeApi(routes);
    await renderRemote('/home/newShareInfo?id=7', { adapter: api, session });
    const card = await screen.findByRole('region', { name: 'Verify the draw' });
    expect(card).toHaveTextContent(SEED);
    expect(card).toHaveTextContent(`Final seed SHA-256(seed:root)${finalSeed}`);
    await userEvent.click(within(card).getByRole('button', { name: 'Recompute the draw in this browser' }));

    const result = await within(card).findByRole('status', { name: 'Verification result' });
    expect(result).toHaveTextContent('Match: recomputed in this browser, all 4 published allotments');
    expect(result).toHaveTextContent('The seed matches the hash published when the window opened.');
    expect(result).toHaveTextContent('The published applications give the root published at the close.');
    expect(result).toHaveTextContent('Your receipt’s application is in the list that was drawn.');
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

  it('proves the receipt’s application is in the sealed list as soon as the list is published', async () => {
    const seal = await sealed();
    const before = { ...verificationBefore, ...seal.verification, applications: 4, units_applied: 14 };
    const routes = (receipt = application()) => ({
      '/ipo/info': ok({
        issue: issue({ state: 'subscribing' }),
        application: receipt,
        verification: before,
        inclusion: seal.inclusion,
      }),
    });
    await renderRemote('/home/newShareInfo?id=7', { adapter: fakeApi(routes()), session });
    const card = await screen.findByRole('region', { name: 'Verify the draw' });
    expect(card).toHaveTextContent(seal.root);
    expect(card).toHaveTextContent('4 applications');
    const proof = await within(card).findByRole('status', { name: 'Your application in the list' });
    expect(proof).toHaveTextContent(
      'Your application No. 3, with the contribution on your receipt, is in the sealed list',
    );
    expect(proof).toHaveTextContent('its proof (2 steps) leads to the published root');
  });

  it('says so when the receipt’s contribution is not the one sealed (Chinese and Japanese too)', async () => {
    const seal = await sealed();
    const before = { ...verificationBefore, ...seal.verification };
    const forged = application({ contribution: 'ee'.repeat(32) });
    const api = () =>
      fakeApi({
        '/ipo/info': ok({
          issue: issue({ state: 'subscribing' }),
          application: forged,
          verification: before,
          inclusion: seal.inclusion,
        }),
      });
    const view = await renderRemote('/home/newShareInfo?id=7', { adapter: api(), session });
    const bad = await screen.findByRole('status', { name: 'Your application in the list' });
    expect(bad).toHaveTextContent(
      'Your application No. 3 with the contribution on your receipt does NOT lead to the published root.',
    );
    view.unmount();
    const zh = await renderRemote('/home/newShareInfo?id=7', {
      adapter: api(),
      session: { ...session, language: 'cn' },
    });
    expect(await screen.findByRole('status', { name: '您的申购是否在名单中' })).toHaveTextContent(
      '您的申购编号 3（含凭证上的贡献值）得不出公布的根哈希。',
    );
    zh.unmount();
    await renderRemote('/home/newShareInfo?id=7', { adapter: api(), session: { ...session, language: 'jp' } });
    expect(await screen.findByRole('status', { name: 'あなたの申込はリストにあるか' })).toHaveTextContent(
      '申込番号 3（控えの寄与値）からは公開されたルートが得られません。',
    );
  });

  it('finds a published list that is not the one sealed at the close', async () => {
    const { routes } = await published((lines) =>
      lines.map((line) => (line.application_no === 2 ? { ...line, contribution: 'ff'.repeat(32) } : line)),
    );
    await renderRemote('/home/newShareInfo?id=7', { adapter: fakeApi(routes), session });
    const card = await screen.findByRole('region', { name: 'Verify the draw' });
    await userEvent.click(within(card).getByRole('button', { name: 'Recompute the draw in this browser' }));
    const result = await within(card).findByRole('status', { name: 'Verification result' });
    expect(result).toHaveTextContent('Mismatch');
    expect(result).toHaveTextContent('The published applications do NOT give the root published at the close.');
  });

  it('remembers the root seen at the close and finds a list rewritten with its root afterwards', async () => {
    const seen = 'c0'.repeat(32);
    // This device looked at the close and saw another root than the one the server answers now.
    localStorage.setItem('ipo.listRoot.7', seen);
    const { routes } = await published();
    await renderRemote('/home/newShareInfo?id=7', { adapter: fakeApi(routes), session });
    const card = await screen.findByRole('region', { name: 'Verify the draw' });
    expect(within(card).getByRole('alert')).toHaveTextContent(
      `This device saw another list root when it looked before: ${seen}. The list published now is not that one.`,
    );
    await userEvent.click(within(card).getByRole('button', { name: 'Recompute the draw in this browser' }));
    const result = await within(card).findByRole('status', { name: 'Verification result' });
    expect(result).toHaveTextContent('Mismatch');
    expect(result).toHaveTextContent('The published applications do NOT give the root published at the close.');
    expect(localStorage.getItem('ipo.listRoot.7')).toBe(seen);
  });

  it('remembers the first root it sees', async () => {
    const { routes } = await published();
    await renderRemote('/home/newShareInfo?id=7', { adapter: fakeApi(routes), session });
    await screen.findByRole('region', { name: 'Verify the draw' });
    expect(localStorage.getItem('ipo.listRoot.7')).toBe((await sealed()).root);
  });
});
