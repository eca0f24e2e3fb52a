-- Issue 35 ("true words"): a block bought at a 5–7 % discount could be sold at once for an instant gain, with no
-- resale rule stated. Each listing now carries its lock-up (calendar days after approval during which the holding
-- cannot be sold), stated on the listing before anyone applies and enforced on the holding (positions.closable_from,
-- the rule new shares already use). New listings take site config block_lockup_days when they are created (a change
-- of it needs a second administrator, as every config change); listings published before this rule keep 0.
-- docs/decisions/0017-block-trades.md, amendment 2026-12-02.
ALTER TABLE block_listings
  ADD COLUMN lockup_days integer NOT NULL DEFAULT 0 CHECK (lockup_days >= 0 AND lockup_days <= 3650);

INSERT INTO site_config (name, value, public) VALUES ('block_lockup_days', '90', false)
ON CONFLICT (name) DO NOTHING;
