-- Benchmark requests (issue #5): a comparison of two commits asked for from a pull-request comment, the UI or the
-- API, run as interleaved jobs and answered with a comparison. Plus what the GitHub integration must remember:
-- webhook deliveries already handled, and the outbox of calls to GitHub's REST API.

-- base_sha and head_sha are null while a pull request's are being resolved through GitHub (status 'resolving').
-- For a pull request: repository (owner/name), pull_request (its number), comment_id (the command's comment).
-- head_moved_to: the pull request's head when it was found to have moved away from head_sha during the run.
create table request (
    id             uuid primary key,
    project        text        not null,
    base_sha       text check (base_sha ~ '^[0-9a-f]{7,64}$'),
    head_sha       text check (head_sha ~ '^[0-9a-f]{7,64}$'),
    host_classes   text[]      not null,
    jvms           text[]      not null,
    benchmarks     text,
    profile        text        not null check (profile in ('quick', 'full')),
    forks          integer     not null check (forks between 1 and 20),
    status         text        not null check (status in ('resolving', 'queued', 'running', 'succeeded', 'failed',
                                                          'cancelled')),
    outcome        text check (outcome in ('success', 'neutral', 'failure')),
    failure        text,
    repository     text,
    pull_request   integer,
    comment_id     bigint,
    requested_by   text        not null,
    head_moved_to  text,
    attempts       integer     not null default 0,
    next_check_at  timestamptz not null default now(),
    created_at     timestamptz not null default now(),
    updated_at     timestamptz not null default now(),
    finished_at    timestamptz
);
create index request_active on request (next_check_at) where status in ('resolving', 'queued', 'running');
create index request_project on request (project, created_at desc);
create index request_pull on request (repository, pull_request, created_at desc);

-- The jobs of a request in creation order (position): base and head alternate, so that one host runs them A B A B.
create table request_job (
    request_id uuid    not null references request (id),
    job_id     uuid    not null references job (id),
    side       text    not null check (side in ('base', 'head')),
    position   integer not null,
    primary key (request_id, job_id),
    unique (request_id, position)
);

-- Jobs created in one transaction share now(); the queue orders equal priorities by created_at, so a request's
-- interleaved jobs need creation times that follow their insertion order.
alter table job alter column created_at set default clock_timestamp();

-- X-GitHub-Delivery ids already handled: a redelivered event is answered without acting twice.
create table github_delivery (
    id          text primary key,
    event       text        not null,
    received_at timestamptz not null default now()
);

-- Calls to GitHub's REST API that must not be lost to a 5xx: written in the transaction that decided them and sent
-- by whichever instance claims the row (FOR UPDATE SKIP LOCKED), retried with backoff. A row with a key is a thing
-- kept up to date (a request's comment, edited in place; its commit status): writing it again replaces the body
-- and raises version, and the sender sends the newest version only. github_id: the comment GitHub created, which
-- later versions edit.
create table github_action (
    id              bigint generated always as identity primary key,
    key             text unique,
    repository      text        not null,
    kind            text        not null check (kind in ('reaction', 'comment', 'status')),
    target          text        not null,
    body            jsonb       not null,
    version         integer     not null default 1,
    sent_version    integer     not null default 0,
    github_id       bigint,
    attempts        integer     not null default 0,
    next_attempt_at timestamptz not null default now(),
    last_error      text,
    created_at      timestamptz not null default now(),
    updated_at      timestamptz not null default now()
);
create index github_action_due on github_action (next_attempt_at) where sent_version < version;
