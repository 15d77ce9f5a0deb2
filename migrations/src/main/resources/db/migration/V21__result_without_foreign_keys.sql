-- result's three foreign keys (run, series, commit) checked what cannot be otherwise, one index probe per key per
-- row: 1,500 probes for a 500-result run, about 40% of writing its results (ResultWriteBenchmark,
-- docs/performance.md, "Ingest, session of 2026-11-24 04:50"). Results have one writer, ingest/ResultCopy, which
-- copies them in the transaction that inserted their run and read or created their series and commit, and nothing
-- deletes a run, a series or a commit. The bulk loader of the scale benchmark skipped the checks for this reason.
-- A feature that ever deletes those rows deletes their results first, as the keys would have made it.
do $$
declare
    key record;
begin
    for key in select conname from pg_constraint where conrelid = 'result'::regclass and contype = 'f' loop
        execute format('alter table result drop constraint %I', key.conname);
    end loop;
end
$$;
