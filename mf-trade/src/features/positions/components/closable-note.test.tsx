import { renderRemote, tradePosition } from '#testing';
import { screen, within } from '@testing-library/react';
import { fakeApi, ok } from 'shared/test-utils';

/**
 * The note on a holding that cannot be closed yet names its rule as the server's closable_reason says: a new
 * share's lock-up (closable_from is the later of China's T+1 and the lock-up's end), or China's T+1.
 */
const history = { list: [], lsyk: '0' };
const session = { language: 'us', market: 'jpy', token: 't' } as const;

/** A Japanese new share allotted at listing on 2026-11-26, under a 90-day lock-up (no T+1 in Japan). */
const newShare = tradePosition({
  code: '5595',
  name: 'QPS Research',
  buy_price: '1200',
  fee: '0',
  buy_time: '2026-11-26T00:00:00.000Z',
  closable_from: '2027-02-24',
  closable_reason: 'lockup',
});
/** The holdings list: no market field on the wire (the screen's market names it), closable false. */
const { market: _market, currency: _currency, ...listed } = newShare;
const holdingsOf = (record: Record<string, unknown>) => ({
  list: { '41': { ...record, closable: false } },
  ccsz: '120000',
  fdyk: '0',
});

const LOCKED = [
  ['us', 'Locked up until 2027-02-24: new shares can be sold from that date'],
  ['cn', '锁定期至 2027-02-24：新股自该日起可卖出'],
  ['jp', 'ロックアップ期間 2027-02-24 まで：新規公開株はこの日から売却できます'],
] as const;
const T_PLUS_ONE = /T\+1/;

describe('holdings list: the note on a holding not yet closable', () => {
  it.each(LOCKED)('names a new share’s lock-up, not T+1 (%s)', async (language, text) => {
    const api = fakeApi({ '/trade/userstocklist': ok(holdingsOf(listed)), '/trade/userstocklists': ok(history) });
    await renderRemote('/position/index', { adapter: api, session: { ...session, language } });

    const item = (await screen.findByText(text)).closest('li')!;
    expect(item).not.toHaveTextContent(T_PLUS_ONE);
    expect(within(item).queryByRole('button')).not.toBeInTheDocument();
  });

  it('names the lock-up of a China new share whose lock-up ends after its T+1 date', async () => {
    const china = { ...listed, buy_time: '2026-11-26T01:30:00.000Z', closable_from: '2027-05-26' };
    const api = fakeApi({ '/trade/userstocklist': ok(holdingsOf(china)), '/trade/userstocklists': ok(history) });
    await renderRemote('/position/index?market=cny', { adapter: api, session });

    expect(await screen.findByText('Locked up until 2027-05-26: new shares can be sold from that date')).toBeVisible();
  });

  it('names a lock-up when the server says so, even in China on the T+1 date', async () => {
    const china = { ...listed, buy_time: '2026-11-26T01:30:00.000Z', closable_from: '2026-11-27' };
    const api = fakeApi({ '/trade/userstocklist': ok(holdingsOf(china)), '/trade/userstocklists': ok(history) });
    await renderRemote('/position/index?market=cny', { adapter: api, session });

    expect(await screen.findByText('Locked up until 2026-11-27: new shares can be sold from that date')).toBeVisible();
  });

  it.each([
    ['us', 'T+1: can be closed from 2026-12-01'],
    ['cn', 'T+1：2026-12-01 起可平仓'],
    ['jp', 'T+1：2026-12-01 から決済できます'],
  ] as const)(
    'keeps the T+1 note for a China holding (a block trade too) days after its buy date (%s)',
    async (language, text) => {
      // Bought Friday 2026-11-27 14:00 Shanghai time: T+1 is Monday 2026-11-30, or a little later across a closure.
      const china = {
        ...listed,
        buy_time: '2026-11-27T06:00:00.000Z',
        closable_from: '2026-12-01',
        closable_reason: 't_plus_one',
      };
      const api = fakeApi({ '/trade/userstocklist': ok(holdingsOf(china)), '/trade/userstocklists': ok(history) });
      await renderRemote('/position/index?market=cny', { adapter: api, session: { ...session, language } });

      expect(await screen.findByText(text)).toBeVisible();
      expect(screen.queryByText(/Locked up|锁定期|ロックアップ/)).not.toBeInTheDocument();
    },
  );
});

describe('position detail: the note on a holding not yet closable', () => {
  it.each(LOCKED)('names a new share’s lock-up, not T+1 (%s)', async (language, text) => {
    const api = fakeApi({ '/trade/position': ok(newShare) });
    await renderRemote('/position/info?id=41', { adapter: api, session: { ...session, language } });

    expect(await screen.findByText(text)).toBeVisible();
    expect(screen.queryByText(T_PLUS_ONE)).not.toBeInTheDocument();
  });

  it('keeps the T+1 note for a China position bought the day before', async () => {
    const china = {
      ...newShare,
      market: 'cny',
      currency: 'CNY',
      buy_time: '2026-11-26T01:30:00.000Z',
      closable_from: '2026-11-27',
      closable_reason: 't_plus_one',
    } as typeof newShare;
    const api = fakeApi({ '/trade/position': ok(china) });
    await renderRemote('/position/info?id=41', { adapter: api, session });

    expect(await screen.findByText('T+1: can be closed from 2026-11-27')).toBeVisible();
    expect(screen.queryByText(/Locked up/)).not.toBeInTheDocument();
  });
});
