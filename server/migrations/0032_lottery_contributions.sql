-- A lottery the operator cannot steer (issue 35, docs/decisions/0016-new-share-lottery.md, amendment):
-- each subscription's own random contribution, the list of applications sealed at the close as a Merkle
-- root (published before the seed is revealed), and the final seed the tickets use. Runs unchanged on
-- PGlite and PostgreSQL.

-- The contribution = SHA-256("<device part>:<server part>") (shared/src/lottery contributionOf): the device
-- part is 32 random bytes from the investor's browser (NULL when the client sent none), the server part 32
-- bytes of the server's CSPRNG drawn at the subscription. Subscriptions from before have none (their leaf
-- uses the empty text).
ALTER TABLE new_share_orders ADD COLUMN device_contribution text CHECK (device_contribution ~ '^[0-9a-f]{64}$');
ALTER TABLE new_share_orders ADD COLUMN server_contribution text CHECK (server_contribution ~ '^[0-9a-f]{64}$');
ALTER TABLE new_share_orders ADD COLUMN contribution text CHECK (contribution ~ '^[0-9a-f]{64}$');

-- Sealed once, at the close, before the draw: the Merkle root over (application_no, units, contribution)
-- by application number; final_seed = SHA-256("<seed>:<list_root>") written by the draw. Issues drawn
-- before this migration keep list_root NULL: equal-lot-lottery/1 (tickets from the seed alone).
ALTER TABLE new_share_issues ADD COLUMN list_root text CHECK (list_root ~ '^[0-9a-f]{64}$');
ALTER TABLE new_share_issues ADD COLUMN list_sealed_at timestamptz;
ALTER TABLE new_share_issues ADD COLUMN list_size integer CHECK (list_size >= 0);
ALTER TABLE new_share_issues ADD COLUMN final_seed text CHECK (final_seed ~ '^[0-9a-f]{64}$');
ALTER TABLE new_share_issues ADD CONSTRAINT new_share_issues_sealed
  CHECK ((list_root IS NULL) = (list_sealed_at IS NULL) AND (list_root IS NULL) = (list_size IS NULL));
ALTER TABLE new_share_issues ADD CONSTRAINT new_share_issues_final_seed
  CHECK (final_seed IS NULL OR (list_root IS NOT NULL AND draw_state = 'drawn'));

-- Every node of the sealed tree (level 0 = the leaves in canonical order), so an investor's inclusion proof
-- is one indexed read of log2(n) rows instead of a pass over the whole list.
CREATE TABLE new_share_list_nodes (
  issue_id bigint NOT NULL REFERENCES new_share_issues (id),
  level    integer NOT NULL CHECK (level >= 0),
  idx      integer NOT NULL CHECK (idx >= 0),
  hash     text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
  PRIMARY KEY (issue_id, level, idx)
);
