-- Aggregates of a series' results by blocks of 32 consecutive positions (block = floor(position / 32)), so that a
-- read over many results (the changes view's trend of 1,000 results, a 100,000-point overview) reads one row per
-- block instead of an index entry per result. A block may have several rows: each insert into result adds one row
-- per block it touched (rows are never updated, so concurrent uploads never wait on each other's locks), and
-- ResultBlocks folds a block's rows into one in the background. Readers combine any number of rows exactly as
-- they combine blocks: counts and sums add, and the squared deviations add up with Chan's formula. Results are
-- never updated or deleted; a feature that ever does must keep result_block in step.
--
-- mean and m2 (the sum of squared deviations from the mean) are over every score, as avg() and stddev_samp() over
-- the results are (a non-finite score makes them non-finite, as it makes those); finite, total, min and max are over
-- the finite scores only, as the overview's are; first and last are the block's lowest and highest position.
create table result_block (
    series_id bigint           not null,
    block     bigint           not null,
    count     bigint           not null,
    mean      double precision not null,
    m2        double precision not null,
    finite    bigint           not null,
    total     double precision not null,
    min       double precision,
    max       double precision,
    first     numeric          not null,
    last      numeric          not null
);
create index result_block_series on result_block (series_id, block);

create function result_block_add() returns trigger
    language plpgsql as
$$
begin
    insert into result_block (series_id, block, count, mean, m2, finite, total, min, max, first, last)
    select series_id, floor(position / 32), count(*), avg(score), var_pop(score) * count(*),
           count(*) filter (where score > '-Infinity' and score < 'Infinity'),
           coalesce(sum(score) filter (where score > '-Infinity' and score < 'Infinity'), 0),
           min(score) filter (where score > '-Infinity' and score < 'Infinity'),
           max(score) filter (where score > '-Infinity' and score < 'Infinity'), min(position), max(position)
    from added
    group by series_id, floor(position / 32);
    return null;
end
$$;

-- Statement level with a transition table: one aggregate per COPY of a run, not a call per result.
create trigger result_block_add after insert on result
    referencing new table as added
    for each statement execute function result_block_add();

-- The results stored before: one pass over the table (on 50 million results about as long as building an index
-- of it, once), one row per block.
insert into result_block (series_id, block, count, mean, m2, finite, total, min, max, first, last)
select series_id, floor(position / 32), count(*), avg(score), var_pop(score) * count(*),
       count(*) filter (where score > '-Infinity' and score < 'Infinity'),
       coalesce(sum(score) filter (where score > '-Infinity' and score < 'Infinity'), 0),
       min(score) filter (where score > '-Infinity' and score < 'Infinity'),
       max(score) filter (where score > '-Infinity' and score < 'Infinity'), min(position), max(position)
from result
group by series_id, floor(position / 32);
