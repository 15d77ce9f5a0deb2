-- Each block's first and last commit, beside its first and last position: a 100,000-point overview's 2,000 buckets
-- show the commits at their ends, and finding them was 4,000 probes of result's index, about 30 ms, over half of
-- the cold overview (docs/performance.md, "Reads: answers held while their series is unchanged"). A series is on
-- one branch and a branch has one commit per position (branch_commit's unique key), so the commit at a position is
-- any of its results' commit_id. The trigger and the fold (ResultBlocks) keep them as they keep first and last: the
-- commit paired with the lowest and highest position, min and max over [position, commit_id] (lexicographic), an
-- aggregate without a sort.
alter table result_block add column first_commit_id bigint, add column last_commit_id bigint;

-- The blocks stored before: two probes of result's index per row (on 50 million results, about 1.6 million rows).
update result_block k
set first_commit_id = (select r.commit_id from result r where r.series_id = k.series_id and r.position = k.first
                       limit 1),
    last_commit_id  = (select r.commit_id from result r where r.series_id = k.series_id and r.position = k.last
                       limit 1);

-- An instance still running the fold of before this migration would store rows without them: refused, loudly
-- (its fold logs the failure and the next turn, or a new instance, folds instead), rather than read as no commit.
alter table result_block alter column first_commit_id set not null, alter column last_commit_id set not null;

create or replace function result_block_add() returns trigger
    language plpgsql as
$$
begin
    insert into result_block (series_id, block, count, mean, m2, finite, total, min, max, first, last,
                              first_commit_id, last_commit_id)
    select series_id, floor(position / 32), count(*), avg(score), var_pop(score) * count(*),
           count(*) filter (where score > '-Infinity' and score < 'Infinity'),
           coalesce(sum(score) filter (where score > '-Infinity' and score < 'Infinity'), 0),
           min(score) filter (where score > '-Infinity' and score < 'Infinity'),
           max(score) filter (where score > '-Infinity' and score < 'Infinity'), min(position), max(position),
           cast((min(array[position, commit_id]))[2] as bigint), cast((max(array[position, commit_id]))[2] as bigint)
    from added
    group by series_id, floor(position / 32);
    return null;
end
$$;
