-- Per-client limits, kept in PostgreSQL so every server process (and hosted Supabase) enforces ONE
-- limit, and counted in what they protect: rows stored, quiz runs started, sign-in attempts.
--
-- A limit is a rule (bucket → at most max_hits per window_seconds) and a counter per (bucket,
-- subject) in a fixed window. The subject is the caller's address as the API server publishes it:
-- `request.ip_hash`, a keyed hash of the client IP (an IPv6 client by its /64), never the raw
-- address. On hosted Supabase, where no such setting exists, it falls back to a hash of the
-- address the gateway reports in the request headers.
--
-- Counters live in an UNLOGGED table: cheap to update, and a crash resets them, which only ever
-- makes a limit looser for one window. A refused attempt counts nothing; a counted attempt rolls
-- back with the transaction that made it (a row that was not stored was not counted).
-- Nothing here is reachable by the API roles except through the SECURITY DEFINER functions.

create schema api_limits;
revoke all on schema api_limits from public;

create table api_limits.rules (
  bucket text primary key,
  max_hits integer not null,
  window_seconds integer not null,
  -- Words for the refusal: 'At most <max_hits> <unit> per <window> ...'
  unit text not null,
  constraint rules_max_hits check (max_hits >= 0),
  constraint rules_window check (window_seconds between 1 and 2678400)
);

create unlogged table api_limits.counters (
  bucket text not null,
  subject text not null,
  window_start timestamptz not null,
  hits integer not null,
  primary key (bucket, subject)
);

revoke all on api_limits.rules, api_limits.counters from public, anon, authenticated, service_role;

-- The caller's subject: the server's keyed hash, or on hosted Supabase a hash of the gateway's
-- client address header; 'unknown' when neither exists (all such callers then share one counter).
create function api_limits.client_subject()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    nullif(pg_catalog.current_setting('request.ip_hash', true), ''),
    (select 'h:' || pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(ip, 'UTF8')), 'hex')
       from (select pg_catalog.btrim(pg_catalog.split_part(coalesce(
                      h ->> 'cf-connecting-ip', h ->> 'x-real-ip', h ->> 'x-forwarded-for'), ',', 1)) as ip
               from (select nullif(pg_catalog.current_setting('request.headers', true), '')::jsonb as h) hs
            ) a
      where ip is not null and ip <> ''),
    'unknown')
$$;

-- The API role of the current request, or NULL outside an API request (migrations, seed, operator
-- scripts): those are never limited.
create function api_limits.request_role()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    nullif(pg_catalog.current_setting('request.jwt.claim.role', true), ''),
    nullif(pg_catalog.current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
$$;

-- Counts p_cost hits for p_subject in p_bucket. Returns 0 when they fit (and are counted) or the
-- seconds until the window ends when they do not (nothing counted). A bucket without a rule is
-- unlimited. The row lock serialises one subject's concurrent attempts, so the count is exact.
create function api_limits.take(p_bucket text, p_subject text, p_cost integer)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_rule api_limits.rules;
  v_start timestamptz;
  v_hits integer;
begin
  if p_cost is null or p_cost <= 0 then
    return 0;
  end if;
  select * into v_rule from api_limits.rules where bucket = p_bucket;
  if not found then
    return 0;
  end if;

  insert into api_limits.counters (bucket, subject, window_start, hits)
  values (p_bucket, p_subject, pg_catalog.now(), 0)
  on conflict (bucket, subject) do nothing;
  select window_start, hits into v_start, v_hits
    from api_limits.counters
   where bucket = p_bucket and subject = p_subject
     for update;
  if v_start <= pg_catalog.now() - pg_catalog.make_interval(secs => v_rule.window_seconds) then
    v_start := pg_catalog.now();
    v_hits := 0;
  end if;
  if v_hits + p_cost > v_rule.max_hits then
    update api_limits.counters set window_start = v_start, hits = v_hits
     where bucket = p_bucket and subject = p_subject;
    return greatest(1, pg_catalog.ceil(extract(epoch from
      v_start + pg_catalog.make_interval(secs => v_rule.window_seconds) - pg_catalog.now()))::integer);
  end if;
  update api_limits.counters set window_start = v_start, hits = v_hits + p_cost
   where bucket = p_bucket and subject = p_subject;

  -- Now and then, forget windows that have ended, so the table holds only live counters.
  if pg_catalog.random() < 0.002 then
    delete from api_limits.counters c
     using api_limits.rules r
     where r.bucket = c.bucket
       and c.window_start < pg_catalog.now() - pg_catalog.make_interval(secs => r.window_seconds);
  end if;
  return 0;
end
$$;

-- How a window reads in a refusal: 'minute', '10 minutes', 'hour', 'day', 'month'.
create function api_limits.window_words(p_seconds integer)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when p_seconds = 60 then 'minute'
    when p_seconds = 3600 then 'hour'
    when p_seconds = 86400 then 'day'
    when p_seconds >= 2419200 then 'month'
    when p_seconds % 3600 = 0 then (p_seconds / 3600)::text || ' hours'
    when p_seconds % 60 = 0 then (p_seconds / 60)::text || ' minutes'
    else p_seconds::text || ' seconds'
  end
$$;

-- Takes p_cost hits for the calling client (p_target, e.g. 'into fan_club_signups', completes the
-- refusal's sentence; '' for none); over the limit it raises PT429 (HTTP 429, PostgREST's
-- PTnnn convention) with the wait in the hint, which the API server copies into Retry-After.
-- Calls outside an API request and calls by the service role are not limited.
create function api_limits.enforce(p_bucket text, p_cost integer, p_target text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_role text := api_limits.request_role();
  v_wait integer;
  v_rule api_limits.rules;
begin
  if v_role is null or v_role = 'service_role' then
    return;
  end if;
  v_wait := api_limits.take(p_bucket, api_limits.client_subject(), p_cost);
  if v_wait > 0 then
    select * into v_rule from api_limits.rules where bucket = p_bucket;
    raise exception 'Too many requests'
      using errcode = 'PT429',
            detail = pg_catalog.format('At most %s %s per %s%s from one address.',
              v_rule.max_hits, v_rule.unit, api_limits.window_words(v_rule.window_seconds),
              case when coalesce(p_target, '') = '' then '' else ' ' || p_target end),
            hint = pg_catalog.format('Try again in %s seconds.', v_wait);
  end if;
end
$$;

revoke all on function api_limits.client_subject(), api_limits.request_role(),
  api_limits.take(text, text, integer), api_limits.window_words(integer),
  api_limits.enforce(text, integer, text) from public, anon, authenticated, service_role;

-- The public sign-up forms: rows per address per minute, counted per statement, so one array
-- insert of many objects counts every row it stores. The server sets max_hits from
-- RATE_LIMIT_PER_MINUTE at start-up.
insert into api_limits.rules (bucket, max_hits, window_seconds, unit) values
  ('insert:fan_club_signups', 10, 60, 'rows'),
  ('insert:contact_submissions', 10, 60, 'rows'),
  ('insert:audience_signups', 10, 60, 'rows'),
  ('insert:team_applications', 10, 60, 'rows'),
  ('insert:merch_waitlist', 10, 60, 'rows');

create function api_limits.count_inserted_rows()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_rows integer;
begin
  select pg_catalog.count(*) into v_rows from new_rows;
  perform api_limits.enforce('insert:' || TG_TABLE_NAME, v_rows, 'into ' || TG_TABLE_NAME);
  return null;
end
$$;
revoke all on function api_limits.count_inserted_rows() from public, anon, authenticated, service_role;

create trigger fan_club_signups_rate_limit after insert on public.fan_club_signups
  referencing new table as new_rows for each statement
  execute function api_limits.count_inserted_rows();
create trigger contact_submissions_rate_limit after insert on public.contact_submissions
  referencing new table as new_rows for each statement
  execute function api_limits.count_inserted_rows();
create trigger audience_signups_rate_limit after insert on public.audience_signups
  referencing new table as new_rows for each statement
  execute function api_limits.count_inserted_rows();
create trigger team_applications_rate_limit after insert on public.team_applications
  referencing new table as new_rows for each statement
  execute function api_limits.count_inserted_rows();
create trigger merch_waitlist_rate_limit after insert on public.merch_waitlist
  referencing new table as new_rows for each statement
  execute function api_limits.count_inserted_rows();

-- RATE_LIMIT_PER_MINUTE: the server writes it after the migrations, as the migration role.
create function api_limits.set_insert_limit(p_per_minute integer)
returns void
language sql
volatile
set search_path = ''
as $$
  update api_limits.rules set max_hits = p_per_minute
   where bucket like 'insert:%' and max_hits is distinct from p_per_minute
$$;
revoke all on function api_limits.set_insert_limit(integer) from public, anon, authenticated, service_role;
