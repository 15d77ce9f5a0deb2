-- Change points are first-class (issue #11): every change point the pipeline holds is a suspect row, shown by
-- GET /api/v1/change-points with its status and why. New statuses:
--   unconfirmed  decided on the detector's word: no runner has ever served the run's host class, or confirmation
--                is off, or the project has no repository to re-run; alerted only when it is recent
--   transient    its level did not hold: the runs that followed went back (docs/detection.md)
--   resolved     it brought an alerted level back (was 'restored', which older rows keep)
-- and a direction 'mode-change': a switch to a level the series visited recently, not a new regression.
alter table suspect drop constraint suspect_status_check;
alter table suspect add constraint suspect_status_check
    check (status in ('historical', 'confirming', 'alerted', 'restored', 'dismissed', 'unconfirmed', 'transient',
                      'resolved'));
alter table suspect drop constraint suspect_direction_check;
alter table suspect add constraint suspect_direction_check
    check (direction in ('regression', 'improvement', 'mode-change'));

-- The change-points API reads a project's newest first, and a series' when the timeline asks.
create index suspect_series_commit on suspect (series_id, first_bad_commit_id);
create index suspect_created on suspect (created_at desc);

-- true: the series' noise and minimal_detectable_change are in the metric's unit (a metric whose level may be
-- zero, such as B/op), not relative to its level.
alter table series add column noise_in_unit boolean not null default false;
