/**
 * Demonstration issues, created in code at start-up relative to the app clock (a migration cannot:
 * fixed dates would all be "ended" a month later). For each market and each tab (to subscribe,
 * subscribing, ended) that has no issue, the stages of that tab are added: announced (not started),
 * open, closed awaiting the draw, drawn with payment due, listed. Drawn stages are drawn by the real
 * draw with nobody subscribed: no subscription, allotment or price is invented. Codes carry the day
 * they were created, so a later top-up never collides with an older demo issue.
 *
 * Companies are fictional; their facts read like a prospectus's. Skipped under jest unless a test
 * calls seedNewShares itself (NEW_SHARE_SEED=0 turns it off, =1 on).
 */
import type { Database } from '../../db/database';
import { countTabIssues, insertDemoIssue, type DemoIssue } from './seed-repository';
import { drawIssue } from './lifecycle';
import { newSeed } from './ipo-issue-facts';

const H = 3_600_000;
const D = 24 * H;

type Stage = 'announced' | 'open' | 'closed' | 'drawn' | 'listed';
const TAB_STAGES: Record<'toSubscribe' | 'subscribing' | 'ended', Stage[]> = {
  toSubscribe: ['announced', 'open'],
  subscribing: ['closed', 'drawn'],
  ended: ['listed'],
};

/** Offsets from now (ms): opens, closes, draw, payment deadline, listing, distribution. */
const TIMELINE: Record<Stage, [number, number, number, number, number, number]> = {
  announced: [2 * D, 5 * D, 6 * D, 8 * D, 14 * D, 15 * D],
  open: [-1 * D, 3 * D, 4 * D, 6 * D, 12 * D, 13 * D],
  closed: [-5 * D, -1 * H, 1 * D, 3 * D, 9 * D, 10 * D],
  drawn: [-8 * D, -3 * D, -2 * D, 2 * D, 7 * D, 8 * D],
  listed: [-30 * D, -25 * D, -24 * D, -22 * D, -15 * D, -14 * D],
};

interface Template {
  names: Record<'zh-CN' | 'en' | 'ja', string>;
  price: string;
  pe: string;
  lot: number;
  cap: number;
  size: number;
  underwriter: string;
  lockup: number;
}

const T = (en: string, zh: string, ja: string, rest: Omit<Template, 'names'>): Template => ({
  names: { 'zh-CN': zh, en, ja },
  ...rest,
});

const JP = (price: string, pe: string, en: string, zh: string, ja: string) =>
  T(en, zh, ja, { price, pe, lot: 100, cap: 1000, size: 2_000_000, underwriter: 'Nomura Securities', lockup: 90 });
const US = (price: string, pe: string, en: string, zh: string, ja: string) =>
  T(en, zh, ja, { price, pe, lot: 10, cap: 500, size: 5_000_000, underwriter: 'Morgan Stanley', lockup: 180 });
const CN = (price: string, pe: string, en: string, zh: string, ja: string) =>
  T(en, zh, ja, { price, pe, lot: 500, cap: 10_000, size: 40_000_000, underwriter: 'CITIC Securities', lockup: 180 });

const TEMPLATES: Record<'jpy' | 'usd' | 'cny', Record<Stage, Template>> = {
  jpy: {
    announced: JP('1800', '24.5', 'Sakura Robotics', '樱花机器人', 'さくらロボティクス'),
    open: JP('1250', '18.2', 'Hoshizora Pay', '星空支付', 'ホシゾラペイ'),
    closed: JP('2400', '31.0', 'Minato Bio Lab', '港湾生物实验室', 'みなとバイオラボ'),
    drawn: JP('960', '15.8', 'Kumo Logistics', '云端物流', 'クモ・ロジスティクス'),
    listed: JP('1500', '22.1', 'Asahi Green Energy', '朝日绿色能源', 'アサヒ・グリーンエナジー'),
  },
  usd: {
    announced: US('21', '35.2', 'Northwind Analytics', '北风分析', 'ノースウィンド・アナリティクス'),
    open: US('18', '28.4', 'Harbor Quantum', '港湾量子', 'ハーバー・クォンタム'),
    closed: US('32', '41.7', 'Cedar Health', '雪松健康', 'シーダー・ヘルス'),
    drawn: US('15', '19.9', 'Bluefin Mobility', '蓝鳍出行', 'ブルーフィン・モビリティ'),
    listed: US('26', '30.3', 'Summit Cloud Systems', '峰顶云系统', 'サミット・クラウド・システムズ'),
  },
  cny: {
    announced: CN('12.5', '22.8', 'Lingxi Semiconductor', '灵犀半导体', '霊犀半導体'),
    open: CN('9.8', '19.6', 'Qingshan New Materials', '青山新材料', '青山新素材'),
    closed: CN('15.2', '25.4', 'Huaxin Medical Devices', '华信医疗器械', '華信医療機器'),
    drawn: CN('7.6', '17.3', 'Yunfan Intelligent Manufacturing', '云帆智造', '雲帆スマート製造'),
    listed: CN('11.4', '21.0', 'Jiangnan Energy Storage', '江南储能', '江南エネルギー貯蔵'),
  },
};

/**
 * A code per market style from the creation day and the stage: 200 days of distinct codes per market
 * (unlikely to collide with a real one; a collision with a live demo issue only skips that stage).
 */
function demoCode(market: 'jpy' | 'usd' | 'cny', day: number, stage: Stage): string {
  const index = (['announced', 'open', 'closed', 'drawn', 'listed'] as Stage[]).indexOf(stage);
  const n = (day % 200) * 5 + index;
  const letter = (i: number) => String.fromCharCode(65 + i);
  if (market === 'jpy') return `9${String(n).padStart(3, '0')}`;
  if (market === 'usd')
    return `N${letter(Math.floor(n / 676) % 26)}${letter(Math.floor(n / 26) % 26)}${letter(n % 26)}`;
  return `301${String(n).padStart(3, '0')}`;
}

/** DEMO_DATA (config.demoData) decides when given; else NEW_SHARE_SEED=0|1; else on outside jest. */
export function seedingEnabled(demoData?: boolean): boolean {
  if (demoData !== undefined) return demoData;
  const flag = process.env.NEW_SHARE_SEED;
  if (flag !== undefined) return flag === '1';
  return process.env.JEST_WORKER_ID === undefined;
}

/** Tops up every empty tab of every market with its demo stages. Answers how many issues it created. */
export async function seedNewShares(db: Database, now: Date): Promise<number> {
  const day = Math.floor(now.getTime() / D);
  let created = 0;
  for (const market of ['jpy', 'usd', 'cny'] as const) {
    for (const [tab, stages] of Object.entries(TAB_STAGES) as Array<[keyof typeof TAB_STAGES, Stage[]]>) {
      const present = await db.tx((tx) => countTabIssues(tx, market, tab, now), { readOnly: true });
      if (present > 0) continue;
      for (const stage of stages) {
        const template = TEMPLATES[market][stage];
        const offsets = TIMELINE[stage].map((ms) => new Date(now.getTime() + ms));
        const issue: DemoIssue = {
          market,
          code: demoCode(market, day, stage),
          ...template,
          times: offsets as DemoIssue['times'],
          ...newSeed(),
          createdAt: now,
        };
        const id = await db.tx((tx) => insertDemoIssue(tx, issue));
        if (id === undefined) continue;
        created += 1;
        if (stage === 'drawn' || stage === 'listed') await drawIssue(db, id, now);
      }
    }
  }
  return created;
}
