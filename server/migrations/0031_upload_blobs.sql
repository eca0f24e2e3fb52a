-- Issue 34 point 7 (many machines): the bytes of an upload in the database, so every instance on one
-- PostgreSQL reads what any of them stored (docs/decisions/0035-uploads-and-inbox-across-instances.md).
-- Used with DATABASE_URL (and by in-memory PGlite); the embedded default on disk keeps its folder
-- (DATA_DIR/uploads), where this table stays empty. One row per upload, written in the transaction
-- that writes the uploads row, so a row never points at missing bytes. Runs unchanged on PGlite and
-- PostgreSQL.
CREATE TABLE upload_blobs (
  id   text PRIMARY KEY REFERENCES uploads (id) ON DELETE CASCADE,
  data bytea NOT NULL CHECK (octet_length(data) > 0 AND octet_length(data) <= 5242880)
);
