-- Alerts (issue #4): a detected, confirmed change of a series at a commit, grouped per project and culprit, triaged
-- by people, and announced once per channel through a transactional outbox. Every guarantee ("raised once",
-- "announced once") is a unique constraint here, so several server instances may race and still agree.

-- The alerts of one culprit: the commits (last_good_commit_id, first_bad_commit_id] of one project. The range is one
-- commit when last_good is first_bad's first parent; otherwise bisection has not narrowed it (yet).
create table alert_group (
    id                  bigint generated always as identity primary key,
    project_id          bigint      not null references project (id),
    first_bad_commit_id bigint      not null references commit (id),
    last_good_commit_id bigint      not null references commit (id),
    summary             text        not null default '',
    created_at          timestamptz not null default now(),
    updated_at          timestamptz not null default now(),
    unique (project_id, first_bad_commit_id, last_good_commit_id)
);
create index alert_group_project on alert_group (project_id, created_at desc);

-- One change of one series. The levels are the detector's (value and 95% interval, from how many commits);
-- magnitude = after / before - 1, null when the level before was 0 (an allocation-free case that began to allocate).
-- kind follows the metric's direction: a throughput drop and an allocation rise are both regressions.
create table alert (
    id                  bigint generated always as identity primary key,
    group_id            bigint           not null references alert_group (id),
    series_id           bigint           not null references series (id),
    first_bad_commit_id bigint           not null references commit (id),
    last_good_commit_id bigint           not null references commit (id),
    kind                text             not null check (kind in ('regression', 'improvement')),
    before_value        double precision not null,
    before_lower        double precision not null,
    before_upper        double precision not null,
    before_points       integer          not null check (before_points > 0),
    after_value         double precision not null,
    after_lower         double precision not null,
    after_upper         double precision not null,
    after_points        integer          not null check (after_points > 0),
    magnitude           double precision,
    confidence          double precision not null check (confidence >= 0 and confidence <= 1),
    run_ids             uuid[]           not null default '{}',
    status              text             not null default 'new'
        check (status in ('new', 'investigating', 'acknowledged', 'fixed', 'backed_out', 'wont_fix', 'invalid',
                          'infra', 'improvement', 'duplicate')),
    duplicate_of        bigint references alert (id),
    -- The commit whose change brought the level back (auto-resolve).
    restored_commit_id  bigint references commit (id),
    created_at          timestamptz      not null default now(),
    updated_at          timestamptz      not null default now(),
    -- A series changes level at most once per commit: raising the same change again stores nothing.
    unique (series_id, first_bad_commit_id),
    check (duplicate_of is null or status = 'duplicate'),
    check (duplicate_of is distinct from id)
);
create index alert_group_alerts on alert (group_id);
create index alert_created on alert (created_at desc);
create index alert_open on alert (series_id) where status in ('new', 'investigating', 'acknowledged');

-- Every status change, including the creation ('new' from nothing) and auto-resolution (actor 'perfwatch').
-- actor is the API token's name.
create table alert_history (
    id           bigint generated always as identity primary key,
    alert_id     bigint      not null references alert (id),
    actor        text        not null,
    at           timestamptz not null default now(),
    from_status  text,
    to_status    text        not null,
    duplicate_of bigint references alert (id),
    comment      text
);
create index alert_history_alert on alert_history (alert_id, id);

-- The outbox: one message per group, channel and kind of message, written in the transaction that made the group
-- and delivered afterwards by whichever server instance claims it first (FOR UPDATE SKIP LOCKED). The message is a
-- snapshot, so that a retry sends what the first attempt would have sent. Channel targets and secrets stay in the
-- configuration; rows name the channel only. The 'feed' channel is delivered when written: it is the Atom feed.
create table notification (
    id              bigint generated always as identity primary key,
    group_id        bigint      not null references alert_group (id),
    project         text        not null,
    channel         text        not null check (channel in ('feed', 'slack', 'email', 'github')),
    kind            text        not null check (kind in ('raised')),
    message         jsonb       not null,
    status          text        not null default 'pending' check (status in ('pending', 'delivered', 'dropped')),
    attempts        integer     not null default 0,
    next_attempt_at timestamptz not null default now(),
    last_error      text,
    created_at      timestamptz not null default now(),
    delivered_at    timestamptz,
    unique (group_id, channel, kind)
);
-- What the worker reads on every poll: due rows only.
create index notification_due on notification (next_attempt_at) where status = 'pending';
create index notification_feed on notification (project, created_at desc) where channel = 'feed';
