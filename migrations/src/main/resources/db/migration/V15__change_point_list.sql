-- The change-point list (changepoints/ChangePointQueries.list) takes a project's newest change points: it walks the
-- project's commits newest first and each commit's suspects, and stops at the limit, instead of labelling and
-- sorting every change point of the project (117-231 ms at 100,000 change points; docs/performance.md, Scale).
create index commit_newest on commit (project_id, time desc nulls last, id);
create index suspect_first_bad_commit on suspect (first_bad_commit_id, id);
