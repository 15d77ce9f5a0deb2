-- A project's commits newest first, as the change-point list orders them (time descending, unknown times last,
-- then id descending), so that it walks them in order and stops once it has its change points. commit_time
-- (project_id, time) gives "time desc" only with unknown times first, so the list probed every commit of the
-- project for a change point and sorted them all to keep the newest: 1,000 commits of ScaleBenchmark's bulk project
-- for the 3 it needed (docs/performance.md, "Scale on the EPYC").
create index commit_newest on commit (project_id, time desc nulls last, id desc);
