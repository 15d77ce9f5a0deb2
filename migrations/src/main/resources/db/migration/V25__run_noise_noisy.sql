-- A points read marks each point whose run's host was noisy. Joined to all of run_noise (a row per run wherever
-- runners check their hosts), PostgreSQL hashed the whole table for every read: a 10,000-point read cost 3.3 times
-- its statement without the join with 100,000 runs, and more as runs accumulate (ReadBenchmark, docs/performance.md,
-- "Reads, session of 2026-11-24 07:30"). Only noisy runs carry anything a read shows (NoiseMarking stores a reason
-- exactly when noisy), and they are few: the read joins only them, read from this index of them alone.
create index run_noise_noisy on run_noise (run_id) include (reason) where noisy;
