-- Each block's count, mean and squared deviations of all its series' results up to and including the block (through),
-- so that the changes view's trend of any depth is the difference of two rows (ChangeQueries.BY_SUMS) instead of a
-- row per block: at trend 1,000, 31 block rows and a window over them per case (docs/performance.md, "The changes
-- view at any trend depth, branch changes7").
--
-- The trigger (V19, V29) is unchanged: it adds rows without these columns (null), never updating one, so concurrent
-- uploads still never wait on each other. The fold (ResultBlocks) fills them: per series, from its lowest block with a
-- row without them up to its newest block, in one transaction, Chan's formula block after block. A result that
-- arrives below blocks already folded (an import newest first, a re-run or a bisection midpoint of an old commit)
-- leaves a row without them below rows with them: readers take the through columns of a series only when none of its
-- rows below the commit's block lacks them, and read the blocks one by one otherwise (in the snapshot of the same
-- statement, so a fold or an upload between the two never mixes). Results are never updated or deleted (V19, V21).
--
-- Nothing is computed here: every row starts without them and the fold fills the existing ones in the background,
-- a series at a time; until then the view reads blocks as before.
alter table result_block add column through_count bigint, add column through_mean double precision,
    add column through_m2 double precision;

-- The rows the fold has not filled yet, by series and block: the readers' check (is any row below the commit's block
-- without them?) and the fold's worklist. Only rows without through_count are in it, so it stays as small as the
-- unfolded rows are (the trigger's rows of the last seconds) and an upload adds an entry per block it touched.
create index result_block_unfolded on result_block (series_id, block) where through_count is null;

-- The trend's two ends, each an index-only probe (a heap visit each was about half the statement's time for the upper
-- end): the newest folded row below the commit's block, by block; the first row whose through_count reaches a count,
-- by through_count. Both written by the fold alone (the trigger's rows are not in them).
create index result_block_upper on result_block (series_id, block) include (through_count, through_mean, through_m2)
    where through_count is not null;
create index result_block_through on result_block (series_id, through_count) include (block, through_mean, through_m2)
    where through_count is not null;
