/**
 * The reference universe: real listed names per market with a plausible reference price (about
 * early-2025 levels, the level the simulated walk reverts to), names in zh-CN, en and ja, and each
 * market's main index. Prices here are the simulator's anchors, not quotes.
 */
import type { MarketId } from './calendar';

export interface Instrument {
  market: MarketId;
  code: string;
  kind: 'stock' | 'index';
  names: { 'zh-CN': string; en: string; ja: string };
  /** Reference price in the market's currency. */
  ref: number;
  /** Shares per lot (Japan and China 100, US 1; indices 1). */
  lot: number;
}

type Row = [code: string, en: string, ja: string, zh: string, ref: number];

const JP: Row[] = [
  ['7203', 'Toyota Motor', 'トヨタ自動車', '丰田汽车', 2700],
  ['6758', 'Sony Group', 'ソニーグループ', '索尼集团', 3300],
  ['9984', 'SoftBank Group', 'ソフトバンクグループ', '软银集团', 8800],
  ['8306', 'Mitsubishi UFJ Financial Group', '三菱UFJフィナンシャル・グループ', '三菱日联金融集团', 1800],
  ['6861', 'Keyence', 'キーエンス', '基恩士', 62000],
  ['9983', 'Fast Retailing', 'ファーストリテイリング', '迅销', 47000],
  ['6098', 'Recruit Holdings', 'リクルートホールディングス', '瑞可利控股', 9500],
  ['8035', 'Tokyo Electron', '東京エレクトロン', '东京电子', 24000],
  ['4063', 'Shin-Etsu Chemical', '信越化学工業', '信越化学工业', 5000],
  ['9432', 'NTT', '日本電信電話', '日本电信电话', 150],
  ['7974', 'Nintendo', '任天堂', '任天堂', 9500],
  ['6501', 'Hitachi', '日立製作所', '日立制作所', 3800],
  ['8058', 'Mitsubishi Corporation', '三菱商事', '三菱商事', 2600],
  ['8001', 'ITOCHU', '伊藤忠商事', '伊藤忠商事', 7000],
  ['8316', 'Sumitomo Mitsui Financial Group', '三井住友フィナンシャルグループ', '三井住友金融集团', 3700],
  ['4502', 'Takeda Pharmaceutical', '武田薬品工業', '武田药品工业', 4200],
  ['6367', 'Daikin Industries', 'ダイキン工業', '大金工业', 18000],
  ['7267', 'Honda Motor', '本田技研工業', '本田技研工业', 1450],
  ['6902', 'Denso', 'デンソー', '电装', 2100],
  ['9433', 'KDDI', 'KDDI', 'KDDI', 2500],
  ['4568', 'Daiichi Sankyo', '第一三共', '第一三共', 3600],
  ['6954', 'Fanuc', 'ファナック', '发那科', 4000],
  ['7741', 'HOYA', 'HOYA', '豪雅', 19000],
  ['6981', 'Murata Manufacturing', '村田製作所', '村田制作所', 2500],
  ['8766', 'Tokio Marine Holdings', '東京海上ホールディングス', '东京海上控股', 5500],
  ['8411', 'Mizuho Financial Group', 'みずほフィナンシャルグループ', '瑞穗金融集团', 3800],
  ['2914', 'Japan Tobacco', '日本たばこ産業', '日本烟草产业', 4100],
  ['4519', 'Chugai Pharmaceutical', '中外製薬', '中外制药', 6500],
  ['6702', 'Fujitsu', '富士通', '富士通', 3000],
  ['7011', 'Mitsubishi Heavy Industries', '三菱重工業', '三菱重工业', 2300],
  ['9434', 'SoftBank Corp.', 'ソフトバンク', '软银公司', 200],
];

const US: Row[] = [
  ['AAPL', 'Apple', 'アップル', '苹果', 230],
  ['MSFT', 'Microsoft', 'マイクロソフト', '微软', 420],
  ['NVDA', 'NVIDIA', 'エヌビディア', '英伟达', 135],
  ['AMZN', 'Amazon.com', 'アマゾン・ドット・コム', '亚马逊', 220],
  ['GOOGL', 'Alphabet Class A', 'アルファベット クラスA', '谷歌母公司Alphabet A类', 190],
  ['META', 'Meta Platforms', 'メタ・プラットフォームズ', 'Meta平台', 600],
  ['TSLA', 'Tesla', 'テスラ', '特斯拉', 400],
  ['BRK.B', 'Berkshire Hathaway Class B', 'バークシャー・ハサウェイ クラスB', '伯克希尔·哈撒韦B类', 470],
  ['JPM', 'JPMorgan Chase', 'JPモルガン・チェース', '摩根大通', 240],
  ['V', 'Visa', 'ビザ', '维萨', 310],
  ['UNH', 'UnitedHealth Group', 'ユナイテッドヘルス・グループ', '联合健康', 520],
  ['XOM', 'Exxon Mobil', 'エクソンモービル', '埃克森美孚', 110],
  ['JNJ', 'Johnson & Johnson', 'ジョンソン・エンド・ジョンソン', '强生', 150],
  ['WMT', 'Walmart', 'ウォルマート', '沃尔玛', 90],
  ['MA', 'Mastercard', 'マスターカード', '万事达', 520],
  ['PG', 'Procter & Gamble', 'プロクター・アンド・ギャンブル', '宝洁', 165],
  ['HD', 'Home Depot', 'ホーム・デポ', '家得宝', 400],
  ['AVGO', 'Broadcom', 'ブロードコム', '博通', 220],
  ['LLY', 'Eli Lilly', 'イーライリリー', '礼来', 780],
  ['COST', 'Costco Wholesale', 'コストコ・ホールセール', '好市多', 900],
  ['KO', 'Coca-Cola', 'コカ・コーラ', '可口可乐', 62],
  ['PEP', 'PepsiCo', 'ペプシコ', '百事', 155],
  ['ORCL', 'Oracle', 'オラクル', '甲骨文', 170],
  ['NFLX', 'Netflix', 'ネットフリックス', '奈飞', 880],
  ['AMD', 'Advanced Micro Devices', 'アドバンスト・マイクロ・デバイセズ', '超威半导体', 125],
  ['INTC', 'Intel', 'インテル', '英特尔', 20],
  ['DIS', 'Walt Disney', 'ウォルト・ディズニー', '迪士尼', 110],
  ['BAC', 'Bank of America', 'バンク・オブ・アメリカ', '美国银行', 45],
  ['CSCO', 'Cisco Systems', 'シスコシステムズ', '思科', 58],
  ['ADBE', 'Adobe', 'アドビ', '奥多比', 440],
  ['CRM', 'Salesforce', 'セールスフォース', '赛富时', 330],
];

// Main-board A-shares only (±10 % limit); ChiNext and STAR names (±20 %) are left out.
const CN: Row[] = [
  ['600519', 'Kweichow Moutai', '貴州茅台酒', '贵州茅台', 1500],
  ['601318', 'Ping An Insurance', '中国平安保険', '中国平安', 50],
  ['600036', 'China Merchants Bank', '招商銀行', '招商银行', 38],
  ['000858', 'Wuliangye Yibin', '五糧液', '五粮液', 140],
  ['600900', 'China Yangtze Power', '長江電力', '长江电力', 29],
  ['601398', 'Industrial and Commercial Bank of China', '中国工商銀行', '工商银行', 6.5],
  ['601288', 'Agricultural Bank of China', '中国農業銀行', '农业银行', 5.2],
  ['601939', 'China Construction Bank', '中国建設銀行', '建设银行', 8.5],
  ['601988', 'Bank of China', '中国銀行', '中国银行', 5.5],
  ['600276', 'Jiangsu Hengrui Pharmaceuticals', '江蘇恒瑞医薬', '恒瑞医药', 45],
  ['000333', 'Midea Group', '美的集団', '美的集团', 75],
  ['000651', 'Gree Electric Appliances', '珠海格力電器', '格力电器', 45],
  ['002594', 'BYD', '比亜迪（BYD）', '比亚迪', 290],
  ['601012', 'LONGi Green Energy', 'ロンジ・グリーンエナジー', '隆基绿能', 18],
  ['600030', 'CITIC Securities', '中信証券', '中信证券', 27],
  ['601166', 'Industrial Bank', '興業銀行', '兴业银行', 19],
  ['600028', 'Sinopec', '中国石油化工', '中国石化', 6],
  ['601857', 'PetroChina', 'ペトロチャイナ', '中国石油', 8.3],
  ['600309', 'Wanhua Chemical', '万華化学', '万华化学', 70],
  ['600887', 'Inner Mongolia Yili', '内モンゴル伊利実業', '伊利股份', 28],
  ['601888', 'China Tourism Group Duty Free', '中国中免', '中国中免', 65],
  ['600048', 'Poly Developments', '保利発展', '保利发展', 9],
  ['601628', 'China Life Insurance', '中国人寿保険', '中国人寿', 38],
  ['000001', 'Ping An Bank', '平安銀行', '平安银行', 11.5],
  ['600000', 'Shanghai Pudong Development Bank', '上海浦東発展銀行', '浦发银行', 9.5],
  ['601328', 'Bank of Communications', '交通銀行', '交通银行', 7.3],
  ['600104', 'SAIC Motor', '上海汽車集団', '上汽集团', 15],
  ['601088', 'China Shenhua Energy', '中国神華能源', '中国神华', 40],
  ['600585', 'Anhui Conch Cement', '安徽海螺セメント', '海螺水泥', 24],
  ['000568', 'Luzhou Laojiao', '瀘州老窖', '泸州老窖', 130],
  ['601899', 'Zijin Mining', '紫金鉱業', '紫金矿业', 16],
  ['600050', 'China Unicom', '中国聯通', '中国联通', 5.5],
];

const INDEX: Record<MarketId, Row> = {
  jpy: ['N225', 'Nikkei 225', '日経平均株価', '日经225指数', 39000],
  usd: ['SPX', 'S&P 500', 'S&P500種株価指数', '标普500指数', 5900],
  cny: ['SH000001', 'SSE Composite Index', '上海総合指数', '上证综合指数', 3300],
};

const LOT: Record<MarketId, number> = { jpy: 100, usd: 1, cny: 100 };

function build(market: MarketId, rows: Row[]): Instrument[] {
  return rows.map(([code, en, ja, zh, ref]) => ({
    market,
    code,
    kind: 'stock' as const,
    names: { 'zh-CN': zh, en, ja },
    ref,
    lot: LOT[market],
  }));
}

export const STOCKS: Record<MarketId, readonly Instrument[]> = {
  jpy: build('jpy', JP),
  usd: build('usd', US),
  cny: build('cny', CN),
};

export const INDICES: Record<MarketId, Instrument> = Object.fromEntries(
  (Object.keys(INDEX) as MarketId[]).map((market) => {
    const [code, en, ja, zh, ref] = INDEX[market];
    return [market, { market, code, kind: 'index', names: { 'zh-CN': zh, en, ja }, ref, lot: 1 }];
  }),
) as Record<MarketId, Instrument>;

const BY_KEY = new Map<string, Instrument>();
for (const market of Object.keys(STOCKS) as MarketId[]) {
  for (const instrument of [...STOCKS[market], INDICES[market]]) BY_KEY.set(`${market}:${instrument.code}`, instrument);
}

export function findInstrument(market: MarketId, code: string): Instrument | undefined {
  return BY_KEY.get(`${market}:${code.toUpperCase()}`);
}

export function allInstruments(): Instrument[] {
  return [...BY_KEY.values()];
}
