-- Why a series' noise and minimal detectable change are null ("not judged"): too few runs left once runs on a
-- loaded host are kept out of detection ("not judged: 5 of 7 runs on a loaded host"), or too few runs yet. Before,
-- such a series stored the detector's floor (0.1%), so the timeline said "detects >= 0.5%" of results that spread
-- 64k-107k. Null when the series is judged.
alter table series add column noise_note text;
