-- The Auth API's limits, in the api_limits primitive of 0008 so every server process counts the
-- same attempts (they lived in each process's memory before):
--
--   auth:sign_in            sign-ups plus password sign-ins per client address (AUTH_RATE_LIMIT,
--                           Supabase's 30 per 5 minutes)
--   auth:refresh            token refreshes per client address (five times that: Supabase's 150)
--   auth:failed_sign_in:*   failed password checks per account, in three windows that back off:
--                           5 in 5 minutes, 15 in an hour, 40 in a day. The subject is a keyed hash
--                           of the lower-cased e-mail, counted whether or not the account exists,
--                           so a refusal reveals nothing about it. A wrong current password on
--                           PUT /user counts here too.
--   auth:user_update        PUT /auth/v1/user per user (the subject is the user id)
--   auth:user_update_ip     PUT /auth/v1/user per client address
--
-- The auth service runs as supabase_auth_admin (0006); it gets the schema, take(), and the two
-- functions below, nothing else: it never reads or writes the tables directly.

insert into api_limits.rules (bucket, max_hits, window_seconds, unit) values
  ('auth:sign_in', 30, 300, 'sign-ups and password sign-ins'),
  ('auth:refresh', 150, 300, 'token refreshes'),
  ('auth:failed_sign_in:5m', 5, 300, 'failed sign-ins'),
  ('auth:failed_sign_in:1h', 15, 3600, 'failed sign-ins'),
  ('auth:failed_sign_in:1d', 40, 86400, 'failed sign-ins'),
  ('auth:user_update', 10, 300, 'account updates'),
  ('auth:user_update_ip', 30, 300, 'account updates');

-- Gives back hits taken for an attempt that turned out not to count: a sign-in reserves its place
-- among the failures before the password is checked (so parallel guesses cannot all slip past the
-- limit), and a right password returns it. Never below zero; a window that has ended is left alone.
create function api_limits.refund(p_bucket text, p_subject text, p_cost integer)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update api_limits.counters c
     set hits = greatest(0, c.hits - p_cost)
    from api_limits.rules r
   where c.bucket = p_bucket and c.subject = p_subject and p_cost > 0
     and r.bucket = c.bucket
     and c.window_start > pg_catalog.now() - pg_catalog.make_interval(secs => r.window_seconds)
$$;

-- AUTH_RATE_LIMIT, written by the server when it starts: sign-ups plus sign-ins per address, and
-- five times that for refreshes. Only these two rules can be changed this way.
create function api_limits.set_auth_sign_in_limit(p_max integer)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update api_limits.rules
     set max_hits = case bucket when 'auth:sign_in' then p_max else p_max * 5 end
   where bucket in ('auth:sign_in', 'auth:refresh')
$$;

revoke all on function api_limits.refund(text, text, integer),
  api_limits.set_auth_sign_in_limit(integer) from public, anon, authenticated, service_role;

grant usage on schema api_limits to supabase_auth_admin;
grant execute on function api_limits.take(text, text, integer),
  api_limits.refund(text, text, integer),
  api_limits.set_auth_sign_in_limit(integer) to supabase_auth_admin;
