/** The catalogue is cut by area; a key must be defined in exactly one area (a spread would hide a clash). */
import { BUSINESS_MESSAGES } from './catalogue/business';
import { MONEY_MESSAGES } from './catalogue/money';
import { VALIDATION_MESSAGES } from './catalogue/validation';
import { ACCOUNT_MESSAGES } from './catalogue/accounts';
import { INBOX_MESSAGES } from './catalogue/inbox';
import { TRADING_MESSAGES } from './catalogue/trading';
import { CLIENT_MESSAGES } from './catalogue/client';
import { IPO_MESSAGES } from './catalogue/ipo';
import { BLOCK_MESSAGES } from './catalogue/block';
import { COPYTRADE_MESSAGES } from './catalogue/copytrade';
import { DAYTRADE_MESSAGES } from './catalogue/daytrade';
import { ALERT_MESSAGES } from './catalogue/alerts';
import { LENDING_MESSAGES } from './catalogue/lending';
import { ORDER_MESSAGES } from './catalogue/orders';
import { SECURITY_MESSAGES } from './catalogue/security';
import { STEP_UP_MESSAGES } from './catalogue/step-up';
import { PASSKEY_OFFER_MESSAGES } from './catalogue/passkey-offer';
import { ADMIN_MESSAGES } from './catalogue/admin';
import { NOTICE_MESSAGES } from './catalogue/notices';
import { MESSAGES } from './catalogue';
import { catalogueTemplate, messageResources, type CatalogueEntry } from './index';

const AREAS = [
  BUSINESS_MESSAGES,
  MONEY_MESSAGES,
  VALIDATION_MESSAGES,
  ACCOUNT_MESSAGES,
  INBOX_MESSAGES,
  TRADING_MESSAGES,
  CLIENT_MESSAGES,
  IPO_MESSAGES,
  BLOCK_MESSAGES,
  COPYTRADE_MESSAGES,
  DAYTRADE_MESSAGES,
  ALERT_MESSAGES,
  LENDING_MESSAGES,
  ORDER_MESSAGES,
  SECURITY_MESSAGES,
  STEP_UP_MESSAGES,
  PASSKEY_OFFER_MESSAGES,
  ADMIN_MESSAGES,
  NOTICE_MESSAGES,
];

describe('message catalogue', () => {
  it('defines every key in one area only', () => {
    const keys = AREAS.flatMap((area) => Object.keys(area));
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
    expect(Object.keys(MESSAGES)).toHaveLength(keys.length);
  });

  it('has a text in zh-CN, en and ja for every key', () => {
    for (const [key, texts] of Object.entries(MESSAGES)) {
      for (const lang of ['zh-CN', 'en', 'ja'] as const)
        expect([key, lang, texts[lang].trim() !== '']).toEqual([key, lang, true]);
    }
  });

  it('shows the operator’s reason and the way out when trading is disabled', () => {
    for (const lang of ['zh-CN', 'en', 'ja'] as const) expect(MESSAGES.trading_disabled[lang]).toContain('{{reason}}');
    expect(MESSAGES.trading_disabled.en).toMatch(/customer service/);
    expect(MESSAGES.trading_disabled['zh-CN']).toContain('客服');
    expect(MESSAGES.trading_disabled.ja).toContain('カスタマーサービス');
  });

  it('asks for the risk disclosure without naming one kind of trade (orders, new shares, blocks, copy trading)', () => {
    const texts = Object.values(MESSAGES.risk_disclosure_required).join(' ');
    expect(texts).not.toMatch(/leverage|short|杠杆|做空|レバレッジ|空売り/i);
  });
});

describe('English singulars in the catalogue', () => {
  const counted = (Object.entries(MESSAGES) as Array<[string, CatalogueEntry]>).filter(([, e]) => e.en_one);

  it('name the placeholder they count, present in every language and in both English forms', () => {
    expect(counted.length).toBeGreaterThan(0);
    for (const [key, entry] of counted) {
      const slot = `{{${entry.countedBy ?? ''}}}`;
      for (const text of [entry['zh-CN'], entry.en, entry.ja, entry.en_one!])
        expect([key, text.includes(slot)]).toEqual([key, true]);
      const names = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect([key, names(entry.en_one!)]).toEqual([key, names(entry.en)]);
    }
  });

  it('choose the singular for exactly one, in English only', () => {
    const entry = MESSAGES.inbox_new_share_won_body as CatalogueEntry;
    expect(catalogueTemplate(entry, 'en', { allotted: '1' })).toBe(entry.en_one);
    expect(catalogueTemplate(entry, 'en', { allotted: '1.00' })).toBe(entry.en_one);
    expect(catalogueTemplate(entry, 'en', { allotted: '1,000' })).toBe(entry.en);
    expect(catalogueTemplate(entry, 'en', {})).toBe(entry.en);
    expect(catalogueTemplate(entry, 'ja', { allotted: '1' })).toBe(entry.ja);
    const en = messageResources('en');
    expect(en.inbox_new_share_won_body_one).toBe(entry.en_one);
    expect(en.inbox_new_share_won_body_other).toBe(entry.en);
    expect(en.inbox_new_share_won_body).toBe(entry.en);
    expect(messageResources('zh-CN').inbox_new_share_won_body_one).toBeUndefined();
  });
});
