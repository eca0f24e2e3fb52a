/**
 * The settings: exchange rates with their spread (read from /funds/rates, the exchange screen's own source), site
 * config (the known names, read from the public /common/config where public) and news in three languages (read
 * from /news/list and /news/info in the language chosen).
 */
import { CURRENCIES } from 'shared/money';
import { col, arrayRows, fromRow, pagedRows, type CatalogueDescription, type InputSpec } from './catalogue-types';
import { CONFIG_NAMES, configRule, configRows } from './config-names';

const RATE_INPUTS: readonly InputSpec[] = [
  { key: 'from', input: 'select', options: CURRENCIES, initial: 'JPY' },
  { key: 'to', input: 'select', options: CURRENCIES, initial: 'USD' },
  { key: 'rate', inputMode: 'decimal' },
  { key: 'spread', inputMode: 'decimal', hint: true },
];

export const RATES: CatalogueDescription = {
  id: 'rates',
  read: { endpoint: 'rates', body: () => ({}) },
  rows: arrayRows,
  keyOf: (row) => `${String(row.from)}-${String(row.to)}`,
  columns: [col('from'), col('to'), col('rate', 'number'), col('spread', 'number'), col('updated_at', 'date')],
  detail: [col('from'), col('to'), col('rate', 'number'), col('spread', 'number'), col('updated_at', 'date')],
  create: { id: 'set', form: { endpoint: 'adminRate', inputs: RATE_INPUTS } },
  actions: [{ id: 'edit', form: { endpoint: 'adminRate', inputs: RATE_INPUTS, valuesOf: fromRow(RATE_INPUTS) } }],
};

const CONFIG_INPUTS: readonly InputSpec[] = [
  {
    key: 'name',
    input: 'select',
    options: CONFIG_NAMES,
    optionPrefix: 'catalogue.setting',
    labelKey: 'catalogue.field.setting',
    initial: CONFIG_NAMES[0],
  },
  { key: 'value', input: 'textarea', hint: true },
];

export const CONFIG: CatalogueDescription = {
  id: 'config',
  read: { endpoint: 'config', body: () => ({}) },
  rows: configRows,
  keyOf: (row) => String(row.name),
  columns: [
    col('name', undefined, { labelKey: 'catalogue.field.setting', prefix: 'catalogue.setting' }),
    col('value', 'json'),
  ],
  detail: [col('name', undefined, { prefix: 'catalogue.setting' }), col('value', 'json')],
  create: { id: 'set', form: { endpoint: 'adminConfig', inputs: CONFIG_INPUTS, rules: configRule } },
  actions: [
    {
      id: 'edit',
      form: {
        endpoint: 'adminConfig',
        inputs: CONFIG_INPUTS,
        valuesOf: (row) => ({ name: String(row?.name ?? ''), value: row?.public ? String(row.value ?? '') : '' }),
        rules: configRule,
      },
    },
  ],
};

const NEWS_INPUTS: readonly InputSpec[] = [
  { key: 'title' },
  { key: 'summary', input: 'textarea', optional: true },
  { key: 'body', input: 'textarea' },
];
export const NEWS_LANGUAGES = ['zh-CN', 'en', 'ja'] as const;

export const NEWS: CatalogueDescription = {
  id: 'news',
  read: { endpoint: 'newsList', body: (page, filter) => ({ page, size: 20, lang: filter ?? 'zh-CN' }) },
  rows: pagedRows,
  keyOf: (row) => String(row.id),
  filter: { field: 'lang', options: NEWS_LANGUAGES },
  columns: [col('id', 'number'), col('title'), col('published_at', 'date')],
  detail: [col('title'), col('summary'), col('body'), col('published_at', 'date')],
  load: { endpoint: 'newsInfo', body: (row, filter) => ({ id: String(row.id), lang: filter ?? 'zh-CN' }) },
  create: {
    id: 'create',
    form: { endpoint: 'adminNews', inputs: NEWS_INPUTS, extra: (_row, filter) => ({ lang: filter ?? 'zh-CN' }) },
  },
  actions: [
    {
      id: 'edit',
      form: {
        endpoint: 'adminNews',
        inputs: NEWS_INPUTS,
        valuesOf: fromRow(NEWS_INPUTS),
        extra: (row, filter) => ({ id: String(row?.id ?? ''), lang: filter ?? 'zh-CN' }),
      },
    },
  ],
};
