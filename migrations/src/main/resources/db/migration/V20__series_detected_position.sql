-- The newest commit position of each series that a detection has already looked at. A run at an earlier position
-- changes a history that detection has seen, and its series are detected again whole (pipeline/Redetection); one
-- whose later results are all still queued needs nothing more, since their own detections will read it. Before,
-- "late" meant "later results stored", so an import that detection was behind on replayed every series' history
-- for every run it took (issue 16: 300 imported runs took a minute to detect, 96 ms of CPU per 10-result run).
alter table series add column detected_position numeric;

-- Series detected before: everything stored counts as seen, which is what "late" meant until now.
update series s
set detected_position = (select max(r.position) from result r where r.series_id = s.id)
where s.detected_at is not null;
