import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen } from '@testing-library/react';
import { fakeApi } from 'shared/test-utils';
import { renderAccount, session } from '#testing';

/** The leverage disclosure investors acknowledge (server/migrations/0006_trading.sql, kind trade, version 1). */
const DISCLOSURE = readFileSync(join(__dirname, '../../../../../server/migrations/0006_trading.sql'), 'utf8');

/**
 * Issue 35, true words: the user agreement says what the server does on a loss beyond the account (the house pays
 * it: negative-balance protection, ADR 0009) in the leverage disclosure's own words, in every language, and no
 * longer that an investor can owe more than deposited.
 */
describe.each([
  {
    language: 'us' as const,
    protection: 'negative-balance protection',
    floor: 'your balance never goes below zero',
    owe: /owe more than you deposited|can lose more than you put in/,
    note: 'never more: a loss beyond your balance is covered by us',
  },
  {
    language: 'cn' as const,
    protection: '负余额保护',
    floor: '您的余额不会变为负数',
    owe: /亏损可能超过所存入的资金|超过投入的资金/,
    note: '不会超过余额',
  },
  {
    language: 'jp' as const,
    protection: 'マイナス残高保護',
    floor: '残高がマイナスになることはありません',
    owe: /入金額を超える債務を負う可能性|投資額を超える損失/,
    note: '残高を超える損失は当社が負担します',
  },
])('the user agreement in $language', ({ language, protection, floor, owe, note }) => {
  it('states the negative-balance protection of the leverage disclosure, and no debt beyond the deposit', async () => {
    expect(DISCLOSURE).toContain(protection);
    expect(DISCLOSURE).toContain(floor);
    await renderAccount('/mine/protocol', { adapter: fakeApi({}), session: { ...session, language } });
    const risk = (await screen.findAllByRole('paragraph')).map((p) => p.textContent ?? '').join('\n');

    expect(risk).toContain(protection);
    expect(risk).toContain(floor);
    expect(risk).not.toMatch(owe);
  });

  it('says the same on the start screen', async () => {
    await renderAccount('/login/start', { adapter: fakeApi({}), session: { ...session, token: '', language } });
    expect(await screen.findByText(new RegExp(note))).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(owe);
  });
});
