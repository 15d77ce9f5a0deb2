-- Samples as float8[] (forks x iterations) instead of jsonb: the server sends them in binary COPY, so PostgreSQL
-- no longer parses 25,000 decimal numbers per run into jsonb numerics, and a result's samples take half the bytes
-- (8 per value instead of about 18), which halves the WAL each durable commit waits for.
--
-- A 2-D array must be rectangular: a fork with fewer iterations than the longest is padded with nulls, and a
-- non-finite sample is null too (as it was in JSON). Readers skip nulls, so both read as before.

-- The samples as the JSON text readers parsed before (array_to_json is C, as fast as the jsonb-to-text cast was):
-- queries say samples_json(r.samples) where they said cast(r.samples as text).
create function samples_json(samples float8[]) returns text
    language sql immutable strict parallel safe
    return array_to_json(samples)::text;

-- Only for the rows stored before this migration, and for tools that hold JSON.
create function samples_from_json(samples jsonb) returns float8[]
    language sql immutable strict parallel safe
begin atomic
    select coalesce(array_agg(padded order by f), '{}')
    from (select f, vals || array_fill(null::float8, array[width - cardinality(vals)]) as padded
          from (select f, array(select case when jsonb_typeof(v) = 'number' then cast(v as float8) end
                                from jsonb_array_elements(fork) with ordinality as i(v, n) order by n) as vals
                from jsonb_array_elements(case when jsonb_typeof(samples) = 'array' then samples else '[]' end)
                     with ordinality as s(fork, f)
                where jsonb_typeof(fork) = 'array') forks,
               (select max(jsonb_array_length(fork)) as width
                from jsonb_array_elements(case when jsonb_typeof(samples) = 'array' then samples else '[]' end)
                     as w(fork)
                where jsonb_typeof(fork) = 'array') widths
          where width > 0) padded_forks;
end;

alter table result alter column samples type float8[] using samples_from_json(samples);

-- Date-range reads of a series (from/to as times) find their first and last commit by time.
create index commit_time on commit (project_id, time);

-- A points read returns, per result, its commit, run, score, error and interval: with all of them in the index
-- the read is an index-only range scan (about a hundred index pages for 10,000 points) instead of one random heap
-- page per point, which is what made reads slow once the table outgrew memory (docs/performance.md, "Scale").
drop index result_series_position;
create index result_series_position on result (series_id, position)
    include (score, error, ci_lower, ci_upper, commit_id, run_id);
