-- Accounts that cannot be stolen or locked (docs/security.md):
--
-- 1. Ended sessions and changed roles reach every server process. REST and Storage keep a short
--    cache of "is this access token's session still alive, and what is its user's app_metadata
--    now"; they ask auth.session_app_metadata() and drop a cached answer when a session ends or
--    a user's app_metadata changes, which the triggers below announce with
--    NOTIFY rent_due_auth, 'session:<id>' / 'user:<id>' (whoever made the change: the auth API,
--    an operator's SQL, a cascade from a deleted user).
-- 2. Failed sign-ins slow an attacker without locking the owner out. The per-account counter no
--    longer refuses for a day: an account's failures only make the next attempt wait (15 s after
--    the fifth failure, doubling to at most 10 minutes, forgotten a day after the last one), and
--    a device or address that has signed in to the account before does not wait at all.
-- 3. Sign-up mails are limited per e-mail and per address.
--
-- Parts 1 only apply where auth.users is ours (0006): on hosted Supabase GoTrue owns it.

do $$
begin
  if not exists (select from pg_catalog.pg_constraint
                  where conrelid = 'auth.users'::regclass
                    and conname = 'users_app_meta_data_object') then
    return;
  end if;

  -- The session of an access token, as REST and Storage check it: the user's app_metadata of
  -- now while the session lasts, NULL once it has ended (signed out, revoked, user deleted).
  create function auth.session_app_metadata(p_session_id uuid, p_user_id uuid)
  returns jsonb
  language sql
  stable
  security definer
  set search_path = ''
  as $fn$
    select u.raw_app_meta_data
      from auth.sessions s
      join auth.users u on u.id = s.user_id
     where s.id = p_session_id and s.user_id = p_user_id
  $fn$;
  revoke all on function auth.session_app_metadata(uuid, uuid)
    from public, anon, authenticated, service_role;
  -- The API login role asks outside any request transaction; the API roles never can.
  grant usage on schema auth to authenticator;
  grant execute on function auth.session_app_metadata(uuid, uuid) to authenticator;

  -- One trigger function for both announcements: a session gone, a user's app_metadata changed.
  create function auth.notify_session_change()
  returns trigger
  language plpgsql
  set search_path = ''
  as $fn$
  begin
    if tg_table_name = 'sessions' then
      perform pg_catalog.pg_notify('rent_due_auth', 'session:' || old.id::text);
    else
      perform pg_catalog.pg_notify('rent_due_auth', 'user:' || new.id::text);
    end if;
    return null;
  end
  $fn$;
  revoke all on function auth.notify_session_change() from public, anon, authenticated, service_role;
  create trigger sessions_notify_ended after delete on auth.sessions
    for each row execute function auth.notify_session_change();
  create trigger users_notify_app_metadata after update of raw_app_meta_data on auth.users
    for each row when (old.raw_app_meta_data is distinct from new.raw_app_meta_data)
    execute function auth.notify_session_change();
end
$$;

-- Failed sign-ins per account (the keyed hash of the lower-cased e-mail, known or not).
create unlogged table api_limits.sign_in_failures (
  account text primary key,
  failures integer not null,
  last_failure timestamptz not null
);

-- Who has signed in to an account: 'd:<keyed hash>' of a device cookie, 'a:<keyed hash>' of an
-- address. Logged: a crash must not make every owner a stranger to their own account.
create table api_limits.sign_in_trust (
  account text not null,
  subject text not null,
  last_sign_in timestamptz not null,
  primary key (account, subject)
);

revoke all on api_limits.sign_in_failures, api_limits.sign_in_trust
  from public, anon, authenticated, service_role;

-- How long after its last failure an account may be tried again, by its number of failures.
create function api_limits.sign_in_backoff_seconds(p_failures integer)
returns integer
language sql
immutable
set search_path = ''
as $$
  select case when p_failures < 5 then 0
              else least(15 * (2 ^ least(p_failures - 5, 6))::integer, 600) end
$$;

-- Reserves a failure for this attempt (given back by refund_sign_in_attempt when the password
-- was right) and returns 0, or returns the seconds to wait and reserves nothing. The row lock
-- serialises one account's attempts, so parallel guesses cannot slip past the wait.
create function api_limits.take_sign_in_attempt(p_account text)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_failures integer;
  v_last timestamptz;
  v_wait double precision;
begin
  insert into api_limits.sign_in_failures (account, failures, last_failure)
  values (p_account, 0, pg_catalog.now())
  on conflict (account) do nothing;
  select failures, last_failure into v_failures, v_last
    from api_limits.sign_in_failures where account = p_account for update;
  if v_last < pg_catalog.now() - interval '1 day' then
    v_failures := 0;
  end if;
  v_wait := api_limits.sign_in_backoff_seconds(v_failures)
            - extract(epoch from pg_catalog.now() - v_last);
  if v_wait > 0 then
    return greatest(1, pg_catalog.ceil(v_wait)::integer);
  end if;
  update api_limits.sign_in_failures
     set failures = v_failures + 1, last_failure = pg_catalog.now()
   where account = p_account;

  if pg_catalog.random() < 0.002 then
    delete from api_limits.sign_in_failures
     where last_failure < pg_catalog.now() - interval '1 day';
  end if;
  return 0;
end
$$;

create function api_limits.refund_sign_in_attempt(p_account text)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update api_limits.sign_in_failures set failures = greatest(0, failures - 1)
   where account = p_account
$$;

-- Whether one of these devices or addresses signed in to the account in the last 90 days.
create function api_limits.sign_in_trusted(p_account text, p_subjects text[])
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select from api_limits.sign_in_trust
     where account = p_account and subject = any (p_subjects)
       and last_sign_in > pg_catalog.now() - interval '90 days')
$$;

create function api_limits.trust_sign_in(p_account text, p_subjects text[])
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  insert into api_limits.sign_in_trust (account, subject, last_sign_in)
  select p_account, s, pg_catalog.now() from pg_catalog.unnest(p_subjects) as s
  on conflict (account, subject) do update set last_sign_in = excluded.last_sign_in;
  if pg_catalog.random() < 0.01 then
    delete from api_limits.sign_in_trust
     where last_sign_in < pg_catalog.now() - interval '90 days';
  end if;
end
$$;

revoke all on function api_limits.sign_in_backoff_seconds(integer),
  api_limits.take_sign_in_attempt(text), api_limits.refund_sign_in_attempt(text),
  api_limits.sign_in_trusted(text, text[]), api_limits.trust_sign_in(text, text[])
  from public, anon, authenticated, service_role;
grant execute on function api_limits.take_sign_in_attempt(text),
  api_limits.refund_sign_in_attempt(text), api_limits.sign_in_trusted(text, text[]),
  api_limits.trust_sign_in(text, text[]) to supabase_auth_admin;

-- The day-long windows of 0010 are replaced by the backoff above.
delete from api_limits.counters where bucket like 'auth:failed_sign_in:%';
delete from api_limits.rules where bucket like 'auth:failed_sign_in:%';

-- Sign-up mails (the confirmation, and its resending to an address that has not confirmed):
-- per e-mail one a minute and five an hour, per address thirty an hour.
insert into api_limits.rules (bucket, max_hits, window_seconds, unit) values
  ('auth:signup_mail:1m', 1, 60, 'sign-up mails'),
  ('auth:signup_mail:1h', 5, 3600, 'sign-up mails'),
  ('auth:signup_mail_ip', 30, 3600, 'sign-up mails');
