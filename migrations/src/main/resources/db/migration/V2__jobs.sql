-- The job queue for runners (issue #3). A job is a suite x commit x host class x JVM to benchmark; every lease of it
-- is a job_attempt, whose id is also the id of the run the runner uploads. Coordination between server instances
-- goes through these rows only: leases with FOR UPDATE SKIP LOCKED, expiry with a time stamp any instance may act on.

-- A runner agent on a dedicated host, as it registered itself. jdks: the JVM names it can run ("17", "25").
create table runner (
    id            uuid primary key,
    name          text        not null unique,
    host_class    text        not null,
    cores         integer,
    cpu_model     text,
    memory_mb     bigint,
    os            text,
    kernel        text,
    jdks          text[]      not null default '{}',
    version       text,
    token_name    text,
    registered_at timestamptz not null default now(),
    last_seen_at  timestamptz not null default now()
);

-- project is a name, not a reference: a job may be queued before the project's first run creates the project row.
-- The suite columns say how to build and run the benchmarks of the project at commit_sha.
create table job (
    id              uuid primary key,
    project         text        not null,
    branch          text        not null,
    commit_sha      text        not null check (commit_sha ~ '^[0-9a-f]{7,64}$'),
    repository      text        not null,
    build_command   text,
    module_dir      text        not null default '',
    jar             text        not null,
    include         text[]      not null default '{}',
    exclude         text[]      not null default '{}',
    jmh_options     text[]      not null default '{}',
    host_class      text        not null,
    jvm             text        not null,
    profile         text        not null check (profile in ('quick', 'full')),
    kind            text        not null check (kind in ('api', 'nightly', 'request', 'confirmation', 'bisection')),
    priority        integer     not null,
    status          text        not null check (status in ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
    attempts        integer     not null default 0,
    max_attempts    integer     not null check (max_attempts > 0),
    timeout_seconds integer     not null check (timeout_seconds > 0),
    failure         text,
    run_id          uuid,
    created_by      text,
    created_at      timestamptz not null default now(),
    updated_at      timestamptz not null default now(),
    finished_at     timestamptz
);
-- The lease query reads this index in order: the highest priority, then the oldest, of one host class.
create index job_queue on job (host_class, priority desc, created_at) where status = 'queued';
create index job_project on job (project, created_at desc);
create index job_commit on job (project, commit_sha);

-- One lease of a job. status: running while leased; then succeeded, failed, expired (no heartbeat in time),
-- released (the runner stopped and handed it back) or cancelled.
create table job_attempt (
    id               uuid primary key,
    job_id           uuid        not null references job (id),
    number           integer     not null,
    runner_id        uuid        not null references runner (id),
    status           text        not null check (status in ('running', 'succeeded', 'failed', 'expired', 'released',
                                                            'cancelled')),
    started_at       timestamptz not null default now(),
    lease_expires_at timestamptz not null,
    heartbeat_at     timestamptz,
    finished_at      timestamptz,
    progress         jsonb,
    log_tail         text,
    failure          text,
    unique (job_id, number)
);
create index job_attempt_running on job_attempt (lease_expires_at) where status = 'running';
create index job_attempt_runner on job_attempt (runner_id, started_at desc);
