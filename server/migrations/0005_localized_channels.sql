-- Deposit channels in the reader's language: bank, branch and account name per language (zh-CN,
-- en, ja), the account type as an enum the client translates ('ordinary' | 'checking', null where
-- the bank has none) and the bare account number. /funds/channels answers one language's strings.
-- Only the seeded (unlocalized) value is replaced: an operator's own localized list is kept.
UPDATE site_config SET value = '[
    {"id":"jp-mufg","currency":"JPY","account_type":"ordinary","account_number":"1234567",
     "account_name":{"zh-CN":"カブショウケン（カ","en":"Kabu Shoken K.K.","ja":"カブショウケン（カ"},
     "bank":{"zh-CN":"三菱日联银行 (0005)","en":"MUFG Bank (0005)","ja":"三菱UFJ銀行 (0005)"},
     "branch":{"zh-CN":"总行 (001)","en":"Head Office (001)","ja":"本店 (001)"}},
    {"id":"jp-smbc","currency":"JPY","account_type":"ordinary","account_number":"7654321",
     "account_name":{"zh-CN":"カブショウケン（カ","en":"Kabu Shoken K.K.","ja":"カブショウケン（カ"},
     "bank":{"zh-CN":"三井住友银行 (0009)","en":"Sumitomo Mitsui Banking Corporation (0009)","ja":"三井住友銀行 (0009)"},
     "branch":{"zh-CN":"东京营业部 (015)","en":"Tokyo Main Office (015)","ja":"東京営業部 (015)"}},
    {"id":"us-chase","currency":"USD","account_type":"checking","account_number":"000123456789",
     "account_name":{"zh-CN":"Kabu Securities Co., Ltd.","en":"Kabu Securities Co., Ltd.","ja":"Kabu Securities Co., Ltd."},
     "bank":{"zh-CN":"摩根大通银行 (SWIFT CHASUS33)","en":"JPMorgan Chase Bank, N.A. (SWIFT CHASUS33)","ja":"JPモルガン・チェース銀行 (SWIFT CHASUS33)"},
     "branch":{"zh-CN":"纽约, 383 Madison Ave","en":"New York, 383 Madison Ave","ja":"ニューヨーク, 383 Madison Ave"}},
    {"id":"cn-boc","currency":"CNY","account_type":null,"account_number":"6217 0000 1234 5678 901",
     "account_name":{"zh-CN":"卡布证券有限公司","en":"Kabu Securities Co., Ltd.","ja":"卡布証券有限公司"},
     "bank":{"zh-CN":"中国银行","en":"Bank of China","ja":"中国銀行"},
     "branch":{"zh-CN":"上海分行营业部","en":"Shanghai Branch Business Dept.","ja":"上海支店営業部"}}
  ]'
WHERE name = 'deposit_channels' AND value NOT LIKE '%"account_type"%';
