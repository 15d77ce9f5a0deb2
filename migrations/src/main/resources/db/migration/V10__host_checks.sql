-- Host checks (issue #17): runners time a fixed reference workload before and after every job and on idle polls;
-- the server marks runs whose host moved as noisy, keeps them out of detection, and quarantines runners whose
-- host is far noisier than their host class's (docs/runner.md, "Host checks").

-- One timing of the reference workload on a runner. moment: before or after the job of run_id, or idle (a check the
-- runner made between jobs, the only kind a quarantined runner makes). in_line: within the thresholds of the
-- runner's baseline at the time, which is what recovery from quarantine counts.
create table reference_check (
    id           bigserial primary key,
    runner_id    uuid             not null references runner (id),
    run_id       uuid,
    moment       text             not null check (moment in ('before', 'after', 'idle')),
    workload     text             not null,
    median_nanos bigint           not null check (median_nanos > 0),
    spread       double precision not null,
    load_average double precision,
    busy_cpus    double precision,
    cores        integer,
    in_line      boolean          not null,
    checked_at   timestamptz      not null default now()
);
create index reference_check_runner on reference_check (runner_id, checked_at desc);

-- The verdict on a run's host: noisy runs are drawn hollow, skipped by detection and re-run when the budget allows.
-- host_check: what the runner uploaded with the run, with the baseline it was compared with.
create table run_noise (
    run_id     uuid primary key references run (id),
    runner_id  uuid references runner (id),
    noisy      boolean     not null,
    reason     text,
    host_check jsonb       not null,
    rerun_job  uuid,
    created_at timestamptz not null default now()
);
create index run_noise_runner on run_noise (runner_id, created_at desc);

-- Quarantine: set while a runner's host is far noisier than its class's; the lease gives it no job until
-- healthy_checks consecutive in-line checks. health_since: checks before it do not count against the runner.
alter table runner
    add column quarantined_at    timestamptz,
    add column quarantine_reason text,
    add column health_since      timestamptz;
