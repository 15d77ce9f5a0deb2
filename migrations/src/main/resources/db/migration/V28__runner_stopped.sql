-- A runner that exits on purpose (--exit-when-idle, SIGTERM) says so: the UI shows it "stopped", not "offline", and
-- nobody is asked to look after a host that finished its work (the demo's runner). Cleared when it is heard of again.
alter table runner add column stopped_at timestamptz;
alter table runner add column stop_reason text;
