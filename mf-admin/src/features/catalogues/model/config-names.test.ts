import { configRows, configRule } from './config-names';

describe('site config names', () => {
  it('checks a value by its name: links, flags, hours, amounts and JSON lists', () => {
    expect(configRule({ name: 'kefu', value: 'https://help.example.com' }).value).toBeUndefined();
    expect(configRule({ name: 'kefu', value: 'javascript:alert(1)' }).value).toEqual({ key: 'field_invalid' });
    expect(configRule({ name: 'invite_required', value: '1' }).value).toBeUndefined();
    expect(configRule({ name: 'invite_required', value: 'yes' }).value).toBeDefined();
    expect(configRule({ name: 'withdraw_hours', value: '09:00-15:30' }).value).toBeUndefined();
    expect(configRule({ name: 'withdraw_hours', value: '9-15' }).value).toBeDefined();
    expect(configRule({ name: 'deposit_max', value: '500000' }).value).toBeUndefined();
    expect(configRule({ name: 'deposit_max', value: '-1' }).value).toBeDefined();
    expect(configRule({ name: 'deposit_channels', value: '[{"id":"x"}]' }).value).toBeUndefined();
    expect(configRule({ name: 'deposit_channels', value: '[{"id":}]' }).value).toBeDefined();
    expect(configRule({ name: 'loan_terms_days', value: '[7, 14, 30]' }).value).toBeUndefined();
  });

  it('lists every known name, with the public value when /common/config answers one', () => {
    const { list } = configRows([{ name: 'title', value: 'Kabu' }]);
    expect(list.find((row) => row.name === 'title')).toEqual({ name: 'title', value: 'Kabu', public: true });
    // Catalogue four-eyes has no switch (always on, ADR 0026): no config name can turn it off.
    expect(list.map((row) => row.name)).not.toContain('four_eyes_catalogue');
    expect(list.find((row) => row.name === 'loan_annual_rate_pct')).toEqual({
      name: 'loan_annual_rate_pct',
      value: null,
      public: false,
    });
  });
});
