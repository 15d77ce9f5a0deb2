-- A project's commits newest first, as the change-point list orders them (time descending, unknown times last,
-- then id descending), so that it walks them in order and stops once it has its change points. commit_time
-- (project_id, time) gives "time desc" only with unknown times first, so the list probed every commit of the
-- project for a change point and sorted them all to keep 100: 1,000 probes on ScaleBenchmark's bulk project,
-- 100,000 on its history project (docs/performance.md, "Scale on the EPYC").
create index commit_newest on commit (project_id, time desc nulls last, id desc);
