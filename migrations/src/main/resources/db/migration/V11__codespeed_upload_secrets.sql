-- A per-project upload secret for Codespeed clients that send no credentials (Flink's save_jmh_result.py): the
-- secret is a path segment of the upload URL (/codespeed/<secret>/result/add/json/), so only its SHA-256 is kept.
-- One secret per project name (the project may not exist yet: its first post creates it with its branch as the
-- default one, as any Codespeed post does); rotating replaces the secret, and the old URL stops working at once.
create table codespeed_upload_secret (
    project       text        primary key,
    secret_sha256 text        not null unique,
    created_at    timestamptz not null default now()
);
