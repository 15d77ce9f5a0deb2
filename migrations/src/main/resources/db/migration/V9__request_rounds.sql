-- Sequential benchmark requests (issue #17.1): a request measures in rounds until every case is decided or its
-- budget is spent (docs/requests.md, "Rounds"). forks now counts the forks a side queued so far (it grows by a
-- round's forks); max_forks is the request's budget of forks a side (null on requests made before: their forks).
alter table request add column max_forks integer check (max_forks between 2 and 20);
-- rounds: how many rounds have been queued; round_note: why the newest round runs (which cases are undecided).
alter table request add column rounds integer not null default 1 check (rounds >= 1);
alter table request add column round_note text;
-- ended_by: what ended the measuring: 'data' (every case decided) or 'budget' (forks, rounds or host time spent).
alter table request add column ended_by text check (ended_by in ('data', 'budget'));
-- first_forks: forks a side of the first round (the looks of the sequential rule are counted from it).
alter table request add column first_forks integer check (first_forks between 1 and 20);
