/**
 * The catalogues of products (operators describe them; prices, returns and allotments come from the market data
 * and the lottery, never from a form): new-share issues and their draw, block-trade listings, copy-trading
 * products.
 */
import { col, fromRow, pagedRows, type CatalogueDescription, type InputSpec, type Row } from './catalogue-types';

const MARKETS = ['jpy', 'usd', 'cny'] as const;
const idOf = (row: Row | undefined): Record<string, string> => ({ id: String(row?.id ?? '') });
const time = (key: string): InputSpec => ({ key, hint: true });

const ISSUE_INPUTS: readonly InputSpec[] = [
  { key: 'market', input: 'select', options: MARKETS, initial: 'jpy' },
  { key: 'code' },
  { key: 'name_zh', hint: true },
  { key: 'name_en' },
  { key: 'name_ja' },
  { key: 'price', inputMode: 'decimal' },
  { key: 'pe', optional: true, inputMode: 'decimal' },
  { key: 'lot_size', inputMode: 'numeric', initial: '100' },
  { key: 'subscription_cap', inputMode: 'numeric' },
  { key: 'issue_size', inputMode: 'numeric' },
  { key: 'underwriter' },
  { key: 'lockup_days', inputMode: 'numeric', initial: '0' },
  time('opens_at'),
  time('closes_at'),
  time('draw_at'),
  time('pay_deadline'),
  time('listing_at'),
  time('distribution_at'),
];

/** Before its window opens an issue can still be edited; before listing it can be withdrawn. */
const notOpened = (row: Row) => row.state === 'not_started' && row.withdrawn !== true;
const withdrawable = (row: Row) => row.withdrawn !== true && row.market_price === null;

export const NEW_SHARES: CatalogueDescription = {
  id: 'newShares',
  read: { endpoint: 'adminNewShares', body: (page) => ({ page }) },
  rows: pagedRows,
  keyOf: (row) => String(row.id),
  columns: [col('id', 'number'), col('code'), col('name'), col('issue_price', 'money'), col('state'), col('drawn')],
  detail: [
    col('code'),
    col('name'),
    col('market'),
    col('issue_price', 'money'),
    col('lot_size', 'number'),
    col('subscription_cap', 'number'),
    col('issue_size', 'number'),
    col('underwriter'),
    col('opens_at', 'date'),
    col('closes_at', 'date'),
    col('draw_at', 'date'),
    col('listing_at', 'date'),
    col('state'),
    col('withdrawn'),
    col('drawn'),
    col('hit_rate', 'number'),
    col('seed_hash', 'json'),
  ],
  create: { id: 'create', form: { endpoint: 'adminNewShareCreate', inputs: ISSUE_INPUTS } },
  actions: [
    {
      id: 'edit',
      when: notOpened,
      form: {
        endpoint: 'adminNewShareEdit',
        inputs: ISSUE_INPUTS,
        valuesOf: fromRow(ISSUE_INPUTS, { price: 'issue_price' }),
        extra: idOf,
      },
    },
    {
      id: 'draw',
      confirm: true,
      when: (row) => row.drawn !== true && row.withdrawn !== true,
      form: {
        endpoint: 'adminNewShareDraw',
        inputs: [],
        extra: idOf,
      },
    },
    {
      id: 'withdraw',
      tone: 'danger',
      when: withdrawable,
      form: { endpoint: 'adminNewShareWithdraw', inputs: [{ key: 'reason', input: 'textarea' }], extra: idOf },
    },
  ],
  showsAnswer: ['draw'],
};

export const BLOCK_LISTINGS: CatalogueDescription = {
  id: 'blockListings',
  read: { endpoint: 'adminBlockListings', body: (page, filter) => ({ page, state: filter ?? 'all' }) },
  rows: pagedRows,
  keyOf: (row) => String(row.id),
  filter: { field: 'state', options: ['all', 'open', 'closed'] },
  columns: [col('id', 'number'), col('code'), col('variant'), col('block_price', 'money'), col('state')],
  detail: [
    col('code'),
    col('market'),
    col('variant'),
    col('block_price', 'money'),
    col('lot_size', 'number'),
    col('min_lots', 'number'),
    col('total_lots', 'number'),
    col('lots_left', 'number'),
    col('lots_taken', 'number'),
    col('live_price', 'money'),
    col('premium_pct', 'number'),
    col('deadline', 'date'),
    col('state'),
    col('closed_reason'),
  ],
  create: {
    id: 'create',
    form: {
      endpoint: 'adminBlockCreate',
      inputs: [
        { key: 'code' },
        { key: 'market', input: 'select', options: MARKETS, initial: 'jpy' },
        { key: 'variant', input: 'select', options: ['standard', 'dividend', 'financing'], initial: 'standard' },
        { key: 'block_price', inputMode: 'decimal' },
        { key: 'min_lots', inputMode: 'numeric' },
        { key: 'total_lots', inputMode: 'numeric' },
        { key: 'lot_size', inputMode: 'numeric', optional: true },
        time('deadline'),
        { key: 'channel_password', input: 'password', hint: true },
      ],
    },
  },
  actions: [
    {
      id: 'close',
      tone: 'danger',
      when: (row) => row.state === 'open',
      form: {
        endpoint: 'adminBlockClose',
        inputs: [
          { key: 'action', input: 'select', options: ['close', 'withdraw'], initial: 'close' },
          { key: 'reason', input: 'textarea', optional: true },
        ],
        extra: idOf,
      },
    },
  ],
};

const text = (key: string): InputSpec => ({ key });
const COPY_INPUTS: readonly InputSpec[] = [
  { key: 'market', input: 'select', options: MARKETS, initial: 'jpy' },
  ...['name_zh', 'name_en', 'name_ja', 'issuer_zh', 'issuer_en', 'issuer_ja'].map(text),
  ...['strategy_zh', 'strategy_en', 'strategy_ja'].map((key): InputSpec => ({ key, input: 'textarea' })),
  { key: 'holdings', hint: true },
  { key: 'lockup_days', inputMode: 'numeric' },
  { key: 'min_investment', inputMode: 'decimal' },
  { key: 'capacity', inputMode: 'decimal' },
  time('deadline'),
];

export const COPY_PRODUCTS: CatalogueDescription = {
  id: 'copyProducts',
  read: { endpoint: 'adminCopyProducts', body: (page, _filter, lang) => ({ page, lang }) },
  rows: pagedRows,
  keyOf: (row) => String(row.id),
  columns: [col('id', 'number'), col('product_name'), col('market'), col('capacity', 'money'), col('state')],
  detail: [
    col('product_name'),
    col('issuer'),
    col('strategy'),
    col('market'),
    col('lockup_days', 'number'),
    col('min_investment', 'money'),
    col('capacity', 'money'),
    col('capacity_left', 'money'),
    col('deadline', 'date'),
    col('base_date'),
    col('nav', 'number'),
    col('past_return', 'number'),
    col('state'),
  ],
  create: { id: 'create', form: { endpoint: 'adminCopyProductCreate', inputs: COPY_INPUTS } },
  actions: [
    {
      id: 'offShelf',
      tone: 'danger',
      confirm: true,
      when: (row) => row.on_shelf === true,
      form: { endpoint: 'adminCopyProductOffShelf', inputs: [], extra: idOf },
    },
  ],
};
