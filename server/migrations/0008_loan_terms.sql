-- Loan terms (Japanese consumer-credit practice): an annual rate stated before the contract,
-- interest accruing daily on the outstanding principal, actual/365, rounded down to the currency's
-- minor unit. The rate and the terms on offer are site config the server reads (not public: they
-- reach the app through /funds/loanQuote and every loan's own record, never hidden).
INSERT INTO site_config (name, value, public) VALUES
  ('loan_annual_rate_pct', '15.0', false),
  ('loan_terms_days', '[7,14,30,60,90]', false),
  ('loan_term_days_default', '30', false)
ON CONFLICT (name) DO NOTHING;

-- Each loan keeps its own terms: the annual rate quoted when it was applied for (a later change of
-- the config never reprices it), the start (approval) and, already in 0003, the term and due date.
-- Loans made before interest existed keep rate 0: nobody is charged a price they were not shown.
ALTER TABLE loans ADD COLUMN annual_rate_pct numeric(7, 4) NOT NULL DEFAULT 0
  CHECK (annual_rate_pct >= 0 AND annual_rate_pct < 100);
ALTER TABLE loans ADD COLUMN started_at timestamptz;
-- Interest booked at repayment (to the house 'loan_interest' account), 0 until then.
ALTER TABLE loans ADD COLUMN interest_paid numeric(38, 8) NOT NULL DEFAULT 0 CHECK (interest_paid >= 0);
UPDATE loans SET started_at = reviewed_at WHERE status IN (1, 3) AND started_at IS NULL;

-- Interest revenue: a labelled house account per currency, the counterparty of the interest leg.
INSERT INTO ledger_accounts (house_name, currency)
SELECT 'loan_interest', c.code
FROM (VALUES ('CNY'), ('TWD'), ('HKD'), ('USD'), ('THB'), ('JPY'), ('VND'), ('MYR'), ('KRW')) AS c (code)
ON CONFLICT DO NOTHING;
