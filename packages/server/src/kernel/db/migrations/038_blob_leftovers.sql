-- Bytes of stored files whose rows are gone but whose store refused the delete (an unreachable S3, a full disk):
-- the request that deleted the rows still succeeds, and the owner's hourly timer tries these again until the store
-- takes them, so no file's bytes outlive its row for good.
create table blob_leftovers (
  storage_key text primary key,
  since_ts bigint not null,
  attempts int not null default 1,
  last_error text not null default ''
);
