-- A points read returned each point's recordedAt by joining run for its created_at: with 10,000 points that join
-- was about 40% of the statement (a probe per point, or a scan of every run). The result now keeps a copy, written
-- in the run's own transaction (the default now() is that transaction's start, as run.created_at's is), and the
-- covering index carries it, so the read stays index-only. Rows stored before keep null: readers fall back to run.
alter table result add column recorded_at timestamptz;
alter table result alter column recorded_at set default now();

drop index result_series_position;
create index result_series_position on result (series_id, position)
    include (score, error, ci_lower, ci_upper, commit_id, run_id, recorded_at);

-- Index-only scans skip the heap only on pages the visibility map marks all-visible, which only vacuum sets. By
-- default an append-only table is vacuumed after it grew by 20%: on a table of 50 million results the newest ten
-- million, exactly those a timeline reads, would cost a heap visit each. Vacuum after 100,000 new rows instead
-- (it visits only the pages not yet all-visible, so it stays cheap).
alter table result set (autovacuum_vacuum_insert_threshold = 100000, autovacuum_vacuum_insert_scale_factor = 0);
