-- Price alerts and watchlist groups (docs/decisions/0022-alerts-and-watchlist-groups.md). Runs unchanged on PGlite
-- and PostgreSQL.

-- A price alert on one stock. kind: price_above (last price >= threshold), price_below (<= threshold),
-- change_beyond (|day's change ratio in percent| >= threshold). status: active → fired, once: the alerts job fires
-- it with a conditional UPDATE … WHERE status = 'active' on rows claimed FOR UPDATE SKIP LOCKED, storing what it
-- fired at. Deleting an alert deletes its row (nothing else refers to it).
CREATE TABLE price_alerts (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id      bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  market       market_code NOT NULL,
  code         text NOT NULL CHECK (length(code) BETWEEN 1 AND 16),
  kind         text NOT NULL CHECK (kind IN ('price_above', 'price_below', 'change_beyond')),
  threshold    numeric(38, 8) NOT NULL CHECK (threshold > 0),
  status       text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'fired')),
  created_at   timestamptz NOT NULL DEFAULT now(),
  fired_at     timestamptz,
  fired_price  numeric(38, 8),
  fired_change numeric(38, 8),
  CHECK ((status = 'fired') = (fired_at IS NOT NULL))
);
-- The job reads the active alerts by stock; a user's list reads theirs newest first.
CREATE INDEX price_alerts_active_idx ON price_alerts (market, code) WHERE status = 'active';
CREATE INDEX price_alerts_user_idx ON price_alerts (user_id, id DESC);

-- A user's named watchlist groups; the default group is no row (watchlist.group_id NULL).
CREATE TABLE watchlist_groups (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name       text NOT NULL CHECK (length(name) BETWEEN 1 AND 20),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, name)
);
CREATE INDEX watchlist_groups_user_idx ON watchlist_groups (user_id, id);

-- Each watched stock's group (NULL: the default group; deleting a group sends its stocks back there) and its place
-- in the group (ascending; ties newest first, so a new stock at 0 comes first until the group is reordered, which
-- renumbers it from 1).
ALTER TABLE watchlist ADD COLUMN group_id bigint REFERENCES watchlist_groups (id) ON DELETE SET NULL;
ALTER TABLE watchlist ADD COLUMN sort_order integer NOT NULL DEFAULT 0;
