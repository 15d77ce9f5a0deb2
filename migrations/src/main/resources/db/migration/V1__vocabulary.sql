-- The vocabulary of PRODUCT.md as tables: project, branch, commit, host, environment, benchmark, case, metric,
-- series, run, result. One word per concept; "case" is a reserved word in SQL, so its table is benchmark_case.

create table project (
    id             bigint generated always as identity primary key,
    name           text        not null unique,
    repository     text,
    default_branch text        not null default 'main',
    created_at     timestamptz not null default now()
);

create table commit (
    id         bigint generated always as identity primary key,
    project_id bigint not null references project (id),
    sha        text   not null check (sha ~ '^[0-9a-f]{7,64}$'),
    time       timestamptz,
    author     text,
    message    text,
    parents    text[] not null default '{}',
    unique (project_id, sha)
);

create table branch (
    id         bigint generated always as identity primary key,
    project_id bigint not null references project (id),
    name       text   not null,
    unique (project_id, name)
);

-- The order of commits on a branch: first-parent order where parents are known, commit time otherwise.
-- A position never changes once given; a commit learned later (a bisection step) gets one between its
-- neighbours, which is why it is numeric rather than an integer.
create table branch_commit (
    branch_id bigint  not null references branch (id),
    commit_id bigint  not null references commit (id),
    position  numeric not null,
    primary key (branch_id, commit_id),
    unique (branch_id, position)
);

create table host (
    id         bigint generated always as identity primary key,
    name       text        not null unique,
    host_class text        not null,
    cpu_model  text,
    cores      integer,
    memory_mb  bigint,
    os         text,
    kernel     text,
    updated_at timestamptz not null default now()
);

-- Results compare only within one environment: a host class and one JVM (version, VM, arguments).
create table environment (
    id          bigint generated always as identity primary key,
    host_class  text   not null,
    jdk_version text   not null default '',
    vm_name     text   not null default '',
    vm_version  text   not null default '',
    jvm_args    text[] not null default '{}',
    unique (host_class, jdk_version, vm_name, vm_version, jvm_args)
);

create table benchmark (
    id         bigint generated always as identity primary key,
    project_id bigint not null references project (id),
    name       text   not null,
    unique (project_id, name)
);

-- A case: benchmark + params + mode + threads. The key is the canonical text of the three, so that the same
-- parameters in another order are the same case.
create table benchmark_case (
    id           bigint generated always as identity primary key,
    benchmark_id bigint  not null references benchmark (id),
    mode         text    not null check (mode in ('thrpt', 'avgt', 'sample', 'ss')),
    threads      integer not null,
    params       jsonb   not null default '{}',
    key          text    not null,
    unique (benchmark_id, key)
);

-- The primary score is the metric named 'primary'; secondary metrics keep JMH's name without the '·' prefix.
-- The direction is decided at ingest, from the unit unless the uploader stated it (Codespeed's lessisbetter).
create table metric (
    id        bigint generated always as identity primary key,
    name      text not null,
    unit      text not null,
    direction text not null check (direction in ('higher', 'lower')),
    unique (name, unit, direction)
);

create table series (
    id             bigint generated always as identity primary key,
    project_id     bigint not null references project (id),
    branch_id      bigint not null references branch (id),
    case_id        bigint not null references benchmark_case (id),
    metric_id      bigint not null references metric (id),
    environment_id bigint not null references environment (id),
    unique (branch_id, case_id, metric_id, environment_id)
);
create index series_project on series (project_id, case_id);

-- A run is stored once: its id is the uploader's idempotency key, body_sha256 tells a retry from a conflict.
create table run (
    id           uuid primary key,
    project_id   bigint      not null references project (id),
    branch_id    bigint      not null references branch (id),
    commit_id    bigint      not null references commit (id),
    host_id      bigint      not null references host (id),
    host_class   text        not null,
    body_sha256  text        not null,
    result_count integer     not null,
    metadata     jsonb       not null default '{}',
    created_at   timestamptz not null default now()
);
create index run_commit on run (commit_id);

-- One case x metric of a run. position copies the commit's place on the branch so that reading a series is one
-- index range scan over (series_id, position). samples: per fork, per iteration; histogram: sample mode's raw data.
create table result (
    run_id    uuid             not null references run (id),
    series_id bigint           not null references series (id),
    commit_id bigint           not null references commit (id),
    position  numeric          not null,
    score     double precision not null,
    error     double precision,
    ci_lower  double precision,
    ci_upper  double precision,
    samples   jsonb            not null,
    histogram jsonb,
    primary key (run_id, series_id)
);
create index result_series_position on result (series_id, position) include (score, error);

-- API tokens are stored as SHA-256 hashes; the token itself is shown once, when it is made.
create table api_token (
    id           bigint generated always as identity primary key,
    name         text        not null unique,
    token_sha256 text        not null unique,
    role         text        not null check (role in ('admin', 'write', 'runner')),
    created_at   timestamptz not null default now()
);
