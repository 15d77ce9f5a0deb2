-- A series' points packed per block of result_block (32 consecutive positions), so that the timeline's cold read of
-- the newest 10,000 points reads ~313 rows instead of 10,000 index entries sent as 10,000 rows of text: that
-- statement was most of the read's server time (docs/performance.md, "The cold 10,000-point read, branch read4").
-- points holds the block's results newest first (position descending, then run id), each as fixed-width binary
-- fields (SeriesPacks writes and reads the layout), with what a read shows of it: commit, score, error, interval,
-- run, recorded time (run.created_at for results stored before V16) and the run's noise verdict. count is how many
-- results the block had when packed: results are only ever added (V19), so a pack is current exactly when its count
-- is result_block's for the block; readers read a block whose pack is behind from result's index instead. Nothing
-- on ingest writes here: readers ask for the blocks they found missing or behind, and a background task packs them,
-- so only what is read is packed. A run's noise verdict commits with the run and never changes (NoiseMarking), as
-- ReadCache also assumes; a feature that changes a result or a verdict after the fact must delete its packs.
create table result_pack (
    series_id bigint not null,
    block     bigint not null,
    count     bigint not null,
    points    bytea  not null,
    primary key (series_id, block)
);
-- A block's pack is ~2.3 KB: kept in its row as it is, neither compressed nor moved out of line (PostgreSQL does
-- either above ~2 KB by default), so that reading 313 of them is 313 plain rows.
alter table result_pack set (toast_tuple_target = 8160);
alter table result_pack alter column points set storage main;
