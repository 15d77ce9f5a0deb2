-- Detection takes a branch's waiting runs in commit order (PipelineStore.takeTask). Taken in arrival order, two
-- uploaders storing neighbouring commits made the later commit's run detected first, and the earlier one then "late"
-- on every series it touched: each re-detected over its whole history, 68% of the pipeline's CPU while it worked off
-- a backlog of 500-result runs (docs/performance.md). A task carries its run's branch and commit position, which
-- never change once placed, so that the branch's earliest waiting run is one index probe away.
alter table detection_task
    add column branch_id bigint,
    add column position  numeric;

update detection_task t
set branch_id = r.branch_id,
    position  = bc.position
from run r
left join branch_commit bc on bc.branch_id = r.branch_id and bc.commit_id = r.commit_id
where r.id = t.run_id;

alter table detection_task alter column branch_id set not null;

create index detection_task_branch on detection_task (branch_id, position);
