-- Fills the longSeries benchmark of a Codespeed upload test up to 10,000 revisions (docs/codespeed.md, "Reading N revisions").
-- Run with psql against the server's database after a few uploads of longSeries through the Codespeed API.
-- Fills the longSeries series up to 10,000 revisions with rows shaped like the uploaded ones (the upload through
-- HTTP was too slow on the loaded machine): a commit, its place on the branch, a run, the result and the revision.
begin;
select s.id as series, s.branch_id as branch, s.project_id as project from series s
  join benchmark_case bc on bc.id = s.case_id join benchmark b on b.id = bc.benchmark_id
  join metric m on m.id = s.metric_id where b.name = 'longSeries' and m.name = 'primary' \gset
select count(*) as have, max(r.position) as top from result r where r.series_id = :series \gset
create temp table template as
  select run.host_id, run.host_class, run.metadata, r.samples from result r join run on run.id = r.run_id
  where r.series_id = :series limit 1;
create temp table fill as
  select i, md5('fill' || i) as sha, timestamptz '2030-01-01' + i * interval '1 hour' as time
  from generate_series(:have, 9999) i;
insert into commit (project_id, sha, time) select :project, sha, time from fill;
insert into branch_commit (branch_id, commit_id, position)
  select :branch, c.id, :top + (f.i - :have + 1) from fill f join commit c on c.project_id = :project and c.sha = f.sha;
insert into run (id, project_id, branch_id, commit_id, host_id, host_class, body_sha256, result_count, metadata)
  select md5('fill-run' || f.i)::uuid, :project, :branch, c.id, t.host_id, t.host_class, md5('b' || f.i), 1, t.metadata
  from fill f join commit c on c.project_id = :project and c.sha = f.sha cross join template t;
insert into result (run_id, series_id, commit_id, position, score, error, samples)
  select md5('fill-run' || f.i)::uuid, :series, c.id, :top + (f.i - :have + 1), 100 + random(), 1.5, t.samples
  from fill f join commit c on c.project_id = :project and c.sha = f.sha cross join template t;
insert into codespeed_revision (branch_id, commitid, commit_id)
  select :branch, 'fill-' || f.i, c.id
  from fill f join commit c on c.project_id = :project and c.sha = f.sha;
commit;
analyze;
select count(*) from result where series_id = :series;
