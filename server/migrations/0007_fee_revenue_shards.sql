-- Trading fees are revenue booked to 16 shards per currency ('fee_revenue_0' … 'fee_revenue_15',
-- picked by user id mod 16; their sum is the fee revenue): every order books a fee, and one shared
-- house row would serialise all orders on its row lock until commit (docs/decisions/0009).
INSERT INTO ledger_accounts (house_name, currency)
SELECT 'fee_revenue_' || n, c.code
FROM generate_series(0, 15) AS n,
     (VALUES ('CNY'), ('TWD'), ('HKD'), ('USD'), ('THB'), ('JPY'), ('VND'), ('MYR'), ('KRW')) AS c (code)
ON CONFLICT DO NOTHING;
