-- The detection pipeline (issue #4): detection after every ingested run, confirmation of suspected changes by
-- re-running the commits through the job queue, and the minimal detectable change of each series. Every hand-over
-- between server instances is a row here, taken with FOR UPDATE SKIP LOCKED. See docs/pipeline.md.

-- What the detector last said about the series' noise (relative standard deviation of one commit) and the smallest
-- relative step it finds with 80% probability within three runs (docs/detection.md).
alter table series add column noise double precision;
alter table series add column minimal_detectable_change double precision;
alter table series add column detected_at timestamptz;

-- One row per ingested run, written in the run's own transaction (one insert, whatever the number of results);
-- deleted by the worker in the transaction that acted on it. A failure leaves the row and makes it due later.
create table detection_task (
    run_id          uuid primary key references run (id),
    created_at      timestamptz not null default now(),
    attempts        integer     not null default 0,
    next_attempt_at timestamptz not null default now(),
    last_error      text
);
create index detection_task_due on detection_task (next_attempt_at, created_at);

-- Re-running a suspected commit (bad) against the last commit before it (good) on one host class: one per project,
-- bad commit and host class, covering every suspect series of that commit there. Its jobs run on their own branch
-- (perfwatch.pipeline.confirmation.branch), so their results never enter the tracked timeline.
create table confirmation (
    id             bigint generated always as identity primary key,
    project_id     bigint      not null references project (id),
    branch_id      bigint      not null references branch (id),
    host_class     text        not null,
    bad_commit_id  bigint      not null references commit (id),
    good_commit_id bigint      not null references commit (id),
    -- running: jobs queued or running; then decided (some series confirmed), dismissed (none) or failed (no data).
    status         text        not null default 'running'
        check (status in ('running', 'decided', 'dismissed', 'failed')),
    -- confirm: re-running good and bad; bisect: the change is confirmed and the nightly covered several commits, so
    -- the first-parent commits (good, bad] (in commits, oldest first) are halved, comparing commits[lo] (or good)
    -- with the one in the middle, until hi = lo + 1. round counts all rounds; step_round those of the current step.
    phase          text        not null default 'confirm' check (phase in ('confirm', 'bisect')),
    commits        text[]      not null default '{}',
    lo             integer,
    hi             integer,
    round          integer     not null default 1,
    step_round     integer     not null default 0,
    -- The job spec every round re-uses (suite, JVM, forks), as the job API takes it.
    spec           jsonb       not null,
    decision       text,
    created_at     timestamptz not null default now(),
    decided_at     timestamptz,
    unique (project_id, bad_commit_id, host_class)
);
create index confirmation_running on confirmation (id) where status = 'running';

-- commit_sha rather than a commit id: a commit inside a bisected range is known to perfwatch only once its run is in.
create table confirmation_job (
    job_id          uuid    primary key references job (id),
    confirmation_id bigint  not null references confirmation (id),
    round           integer not null,
    commit_sha      text    not null
);
create index confirmation_job_confirmation on confirmation_job (confirmation_id, round);

-- A change point the pipeline has seen on a series: the detector's view when first found, and what became of it.
-- historical: found deep in the history (an import), neither confirmed nor alerted; confirming: waits for its
-- confirmation; alerted, restored (it brought an alerted level back), dismissed (the re-runs showed no change).
create table suspect (
    id                  bigint generated always as identity primary key,
    series_id           bigint           not null references series (id),
    first_bad_commit_id bigint           not null references commit (id),
    last_good_commit_id bigint           not null references commit (id),
    direction           text             not null check (direction in ('regression', 'improvement')),
    magnitude           double precision not null,
    confidence          double precision not null,
    before_value        double precision not null,
    before_lower        double precision not null,
    before_upper        double precision not null,
    before_points       integer          not null,
    after_value         double precision not null,
    after_lower         double precision not null,
    after_upper         double precision not null,
    after_points        integer          not null,
    run_ids             uuid[]           not null default '{}',
    confirmation_id     bigint references confirmation (id),
    status              text             not null
        check (status in ('historical', 'confirming', 'alerted', 'restored', 'dismissed')),
    verdict             text,
    created_at          timestamptz      not null default now(),
    unique (series_id, first_bad_commit_id)
);
create index suspect_confirmation on suspect (confirmation_id);
