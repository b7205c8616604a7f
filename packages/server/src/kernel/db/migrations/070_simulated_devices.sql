-- Devices the demo seeded, which the built-in simulator drives. A real tracker registered later into a demo company
-- (to try the platform with it) reports for itself: the simulator must never send positions in its name.
alter table devices add column simulated boolean not null default false;
-- Demo data seeded before this column: every device of a seeded demo company (one with a simulation centre).
update devices set simulated = true
 where company_id in (select id from companies where demo and centre is not null);
