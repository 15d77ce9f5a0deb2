-- A group announced before may later gain a change nobody was told of (a throughput regression found nights after the
-- allocation change the group was announced for, on a short history). Its channels then get a follow-up message,
-- kind 'grown', keyed by the newest alert it announces: one per raise that brings such news, each sent once.
-- The first announcement keeps follow_up = 0, so its key is what it was.
alter table notification add column follow_up bigint not null default 0;
alter table notification drop constraint notification_kind_check;
alter table notification add constraint notification_kind_check check (kind in ('raised', 'grown'));
alter table notification drop constraint notification_group_id_channel_kind_key;
alter table notification add constraint notification_group_channel_kind_follow_up
    unique (group_id, channel, kind, follow_up);
