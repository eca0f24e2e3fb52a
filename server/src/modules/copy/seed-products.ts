/**
 * Demonstration copy-trading products, created in code at start-up relative to the app clock (as the
 * new-share demo issues are): for each market with no product, portfolios over listed names of the
 * simulator universe with fixed weights, a base date about half a year back (so the value chart is
 * full from the first start) and a deadline two months ahead. Issuers are fictional; no return is
 * stored: the value is computed from the market data. Skipped under jest unless a test calls
 * seedCopyProducts itself (COPY_SEED=0 turns it off, =1 on).
 */
import { MARKET_CURRENCY } from 'shared/money';
import type { Database } from '../../db/database';
import { countProducts, insertProduct, type Market } from './copy-repository';
import { previousTradingDate } from './nav';

type Texts = Record<'zh-CN' | 'en' | 'ja', string>;
interface Template {
  names: Texts;
  issuers: Texts;
  strategies: Texts;
  holdings: Array<{ code: string; weight: string }>;
  lockupDays: number;
  min: string;
  capacity: string;
}

const t = (en: string, zh: string, ja: string): Texts => ({ 'zh-CN': zh, en, ja });
const ISSUER = t('Aoba Quant Partners', '青叶量化合伙', '青葉クオンツ・パートナーズ');
const ISSUER2 = t('Meridian Systematic', '子午线系统投资', 'メリディアン・システマティック');

const TEMPLATES: Record<Market, Template[]> = {
  jpy: [
    {
      names: t('Japan Quality Leaders', '日本优质龙头组合', '日本クオリティ・リーダーズ'),
      issuers: ISSUER,
      strategies: t(
        'Equal weights in five large Japanese manufacturers and trading houses, held unchanged.',
        '等权持有五家日本大型制造商与商社，持仓不调整。',
        '日本の大手メーカー・商社5銘柄に均等配分し、入替えなしで保有します。',
      ),
      holdings: ['7203', '6758', '8058', '8001', '6501'].map((code) => ({ code, weight: '0.2' })),
      lockupDays: 14,
      min: '100000',
      capacity: '500000000',
    },
    {
      names: t('Japan Tech Growth', '日本科技成长组合', '日本テック・グロース'),
      issuers: ISSUER2,
      strategies: t(
        'Semiconductor equipment, electronics and games, weighted toward the largest names.',
        '半导体设备、电子与游戏，按规模加权。',
        '半導体製造装置・電子部品・ゲームに、規模の大きい銘柄へ厚めに配分します。',
      ),
      holdings: [
        { code: '8035', weight: '0.4' },
        { code: '6861', weight: '0.3' },
        { code: '7974', weight: '0.3' },
      ],
      lockupDays: 7,
      min: '50000',
      capacity: '200000000',
    },
  ],
  usd: [
    {
      names: t('US Mega-Cap Tech', '美国超大型科技组合', '米国メガキャップ・テック'),
      issuers: ISSUER2,
      strategies: t(
        'Four US platform companies in equal weights, held unchanged.',
        '等权持有四家美国平台型公司，持仓不调整。',
        '米国のプラットフォーム企業4銘柄に均等配分し、入替えなしで保有します。',
      ),
      holdings: ['AAPL', 'MSFT', 'NVDA', 'AMZN'].map((code) => ({ code, weight: '0.25' })),
      lockupDays: 14,
      min: '1000',
      capacity: '5000000',
    },
    {
      names: t('US Balanced Core', '美国均衡核心组合', '米国バランス・コア'),
      issuers: ISSUER,
      strategies: t(
        'Technology, payments and software with fixed weights.',
        '科技、支付与软件，固定权重。',
        'テクノロジー・決済・ソフトウェアに固定比率で配分します。',
      ),
      holdings: [
        { code: 'GOOGL', weight: '0.4' },
        { code: 'V', weight: '0.35' },
        { code: 'CRM', weight: '0.25' },
      ],
      lockupDays: 30,
      min: '500',
      capacity: '2000000',
    },
  ],
  cny: [
    {
      names: t('China Blue Chips', '中国蓝筹组合', '中国ブルーチップ'),
      issuers: ISSUER,
      strategies: t(
        'Main-board leaders in consumer, insurance, banking and utilities.',
        '主板消费、保险、银行与公用事业龙头。',
        'メインボードの消費・保険・銀行・公益の大型株に配分します。',
      ),
      holdings: [
        { code: '600519', weight: '0.3' },
        { code: '601318', weight: '0.25' },
        { code: '600036', weight: '0.25' },
        { code: '600900', weight: '0.2' },
      ],
      lockupDays: 14,
      min: '5000',
      capacity: '20000000',
    },
  ],
};

const DAY = 86_400_000;

/** DEMO_DATA (config.demoData) decides when given; else COPY_SEED=0|1; else on outside jest. */
export function copySeedingEnabled(demoData?: boolean): boolean {
  if (demoData !== undefined) return demoData;
  const flag = process.env.COPY_SEED;
  if (flag !== undefined) return flag === '1';
  return process.env.JEST_WORKER_ID === undefined;
}

/** Adds the demo products of every market that has none. Answers how many it created. */
export async function seedCopyProducts(db: Database, now: Date): Promise<number> {
  let created = 0;
  for (const market of Object.keys(TEMPLATES) as Market[]) {
    await db.tx(async (tx) => {
      if ((await countProducts(tx, market)) > 0) return;
      for (const tpl of TEMPLATES[market]) {
        await insertProduct(
          tx,
          {
            market,
            currency: MARKET_CURRENCY[market],
            names: tpl.names,
            issuers: tpl.issuers,
            strategies: tpl.strategies,
            lockupDays: tpl.lockupDays,
            minInvestment: tpl.min,
            capacity: tpl.capacity,
            deadline: new Date(now.getTime() + 60 * DAY),
            baseDate: previousTradingDate(market, now, 120),
            createdBy: null,
          },
          tpl.holdings,
          now,
        );
        created += 1;
      }
    });
  }
  return created;
}
