-- Security hardening: canonical site origins for mail links, revoked sessions, and a throttle that
-- tells password checks from other attempts.

-- The origin (scheme://host[:port]) every absolute link of the site is built from; never the request's Host.
alter table sites add column origin text;

-- Sessions (refresh token families) ended before their access tokens expired: refused until `expires_ts`.
create table revoked_sessions (
  session_id text primary key,
  expires_ts bigint not null
);

-- `password`: a password check (ok = it matched); `reset`: a reset request; `cleared`: the password was set,
-- which ends the account's count of failures.
alter table login_attempts add column kind text not null default 'password';
create index login_attempts_ip_ts on login_attempts (ip, ts);
