-- The change-point list (changepoints/ChangePointQueries.list) picks a project's newest change points from its
-- commits and their suspects alone, by this index (index-only), before it labels the few it returns; it used to
-- label and sort every change point of the project (117-231 ms at 100,000 change points; docs/performance.md).
create index suspect_first_bad_commit on suspect (first_bad_commit_id, id);
