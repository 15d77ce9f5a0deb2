-- withdrawn: an alerted change point that re-detection over the whole stored history (after a late or out-of-order
-- run) no longer finds at its commit. Its alert is closed saying so (docs/pipeline.md, "Runs out of order"); the row
-- stays, so the timeline and GET /api/v1/change-points still show what was announced and why it was taken back.
alter table suspect drop constraint suspect_status_check;
alter table suspect add constraint suspect_status_check
    check (status in ('historical', 'confirming', 'alerted', 'restored', 'dismissed', 'unconfirmed', 'transient',
                      'resolved', 'withdrawn'));
