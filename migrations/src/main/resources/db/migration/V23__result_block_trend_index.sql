-- The changes view's trend deeper than 256 results reads about 31 block rows per series (ChangeQueries.BY_BLOCKS):
-- through result_block_series each row was a heap visit, and a series' rows lie on as many pages (a block's row is
-- rewritten by every fold, so neighbouring blocks are never neighbours on disk): 1,000 cases at trend 1,000 touched
-- 31,000 buffers. The index now carries what the trend reads (count, mean, m2), so it is an index-only scan of a few
-- pages per series: the trend statement 0.65 of what it cost (ChangesBenchmark, docs/performance.md, "Reads, session
-- of 2026-11-24 04:50"). It replaces result_block_series (the overview reads the rest of the row from the heap as
-- before), so an insert into result still updates one index of result_block.
create index result_block_series_trend on result_block (series_id, block) include (count, mean, m2);
drop index result_block_series;

-- Index-only scans skip the heap only on pages vacuum marked all-visible. result_block's rows are inserted by every
-- upload and deleted by every fold, so by default (20% of the table changed) a large one would be vacuumed rarely and
-- its newest blocks, which every trend reads, would each cost a heap visit. Vacuum after 5% instead.
alter table result_block set (autovacuum_vacuum_scale_factor = 0.05, autovacuum_vacuum_insert_scale_factor = 0.05);
