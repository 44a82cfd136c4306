-- Newsletters to the fan club and the merch waitlist (decisions 381-383): double opt-in on both
-- sign-up tables, the sends, one row per recipient of a send, and the suppression list. Only
-- admins (by their token, as in 0007) read these tables; through the API they write nothing but
-- their drafts (subject, Markdown, audience, throttle) and call the functions at the end; the
-- server's job queue writes the rest with its own connection. anon never reads an address.

-- Double opt-in: a sign-up is mailed only once it is confirmed. Rows stored before this migration
-- were taken under the old rules and count as confirmed.
alter table public.fan_club_signups add column confirmed_at timestamptz;
alter table public.merch_waitlist add column confirmed_at timestamptz;
update public.fan_club_signups set confirmed_at = created_at;
update public.merch_waitlist set confirmed_at = created_at;

create table public.newsletter_sends (
  id bigint generated always as identity primary key,
  subject text not null,
  body_markdown text not null,
  -- The mail's parts, rendered from the Markdown by the server when the send goes out
  -- (@rent-due/mail-markdown, the renderer the console's preview uses).
  body_html text not null default '',
  body_text text not null default '',
  -- Who gets it: the confirmed fan club or the confirmed merch waitlist.
  audience text not null,
  -- The throttle: at most this many mails a minute, across every server process.
  per_minute integer not null default 600,
  -- draft -> scheduled (send_at set, the fan-out job queued) -> sending (recipients fanned out);
  -- cancelled from draft, scheduled or sending. Whether a sending send is finished is counted from
  -- its deliveries (newsletter_send_progress).
  state text not null default 'draft',
  send_at timestamptz,
  recipient_count integer,
  created_by uuid default auth.uid(),
  created_by_email text default (auth.jwt() ->> 'email'),
  created_at timestamptz not null default now(),
  started_at timestamptz,
  cancelled_at timestamptz,
  constraint newsletter_sends_subject_length check (
    char_length(btrim(subject)) between 1 and 200 and subject !~ '[[:cntrl:]]'
  ),
  constraint newsletter_sends_body_length check (char_length(body_markdown) between 1 and 100000),
  constraint newsletter_sends_audience_known check (audience in ('fan_club', 'merch_waitlist')),
  constraint newsletter_sends_per_minute check (per_minute between 1 and 1000000),
  constraint newsletter_sends_state_known check (
    state in ('draft', 'scheduled', 'sending', 'cancelled')
  )
);

-- One row per (send, address): the unique key that makes a recipient's mail happen once. Its
-- state is recorded before the mail is handed to SMTP ('sending') and after ('sent'), so a process
-- killed in between leaves a row that says exactly which mails may need sending again.
create table public.newsletter_deliveries (
  id bigint generated always as identity primary key,
  send_id bigint not null references public.newsletter_sends (id) on delete cascade,
  -- Lower-cased.
  address text not null,
  state text not null default 'queued',
  attempts integer not null default 0,
  started_at timestamptz,
  sent_at timestamptz,
  -- The SMTP server's last refusal (no address in it: it is on the row already).
  error text,
  constraint newsletter_deliveries_one_per_address unique (send_id, address),
  constraint newsletter_deliveries_state_known check (
    state in ('queued', 'sending', 'sent', 'failed', 'suppressed', 'cancelled')
  )
);
create index newsletter_deliveries_send_state_idx on public.newsletter_deliveries (send_id, state);

-- Addresses that are never mailed a newsletter again (lower-cased): every later send skips them.
create table public.newsletter_suppressions (
  address text primary key,
  reason text not null,
  send_id bigint references public.newsletter_sends (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint newsletter_suppressions_reason_known check (
    reason in ('unsubscribed', 'complained', 'bounced', 'admin')
  )
);

revoke all on public.newsletter_sends, public.newsletter_deliveries, public.newsletter_suppressions
  from public, anon, authenticated;
grant all on public.newsletter_sends, public.newsletter_deliveries, public.newsletter_suppressions
  to service_role;
grant select on public.newsletter_sends, public.newsletter_deliveries,
  public.newsletter_suppressions to authenticated;
alter table public.newsletter_sends enable row level security;
alter table public.newsletter_deliveries enable row level security;
alter table public.newsletter_suppressions enable row level security;
create policy "admins read newsletter sends" on public.newsletter_sends
  for select to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');
-- The console's drafts: an admin writes a draft's own fields, and only while it is a draft (the
-- state moves by the functions below; what went out is never rewritten).
grant insert (subject, body_markdown, audience, per_minute),
  update (subject, body_markdown, audience, per_minute)
  on public.newsletter_sends to authenticated;
create policy "admins write newsletter drafts" on public.newsletter_sends
  for insert to authenticated
  with check (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin' and state = 'draft');
create policy "admins edit newsletter drafts" on public.newsletter_sends
  for update to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin' and state = 'draft')
  with check (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin' and state = 'draft');
create policy "admins read newsletter deliveries" on public.newsletter_deliveries
  for select to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');
create policy "admins read the suppression list" on public.newsletter_suppressions
  for select to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');

-- A send's progress, counted from its deliveries; as the caller, so RLS decides who sees it.
create view public.newsletter_send_progress
with (security_invoker = true)
as
  select s.id as send_id, s.state, s.recipient_count,
         pg_catalog.count(d.id) filter (where d.state = 'queued') as queued,
         pg_catalog.count(d.id) filter (where d.state = 'sending') as sending,
         pg_catalog.count(d.id) filter (where d.state = 'sent') as sent,
         pg_catalog.count(d.id) filter (where d.state = 'failed') as failed,
         pg_catalog.count(d.id) filter (where d.state = 'suppressed') as suppressed,
         pg_catalog.count(d.id) filter (where d.state = 'cancelled') as cancelled
    from public.newsletter_sends s
    left join public.newsletter_deliveries d on d.send_id = s.id
   group by s.id;
revoke all on public.newsletter_send_progress from public, anon, authenticated;
grant select on public.newsletter_send_progress to authenticated, service_role;

-- A sign-up asks for its confirmation mail through the job queue, in the sign-up's own
-- transaction, whichever way it was stored (the API, a form post). The queue's schema is installed
-- by the server at start (graphile-worker); a database without it (hosted Supabase used through
-- `supabase db push` only) simply queues nothing. Whether anything is mailed is the worker's call:
-- without SMTP, nothing is.
create function public.queue_signup_confirmation()
returns trigger
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if new.confirmed_at is null and pg_catalog.to_regprocedure(
    'graphile_worker.add_job(text, json, text, timestamptz, integer, text, integer, text[], text)'
  ) is not null then
    execute 'select graphile_worker.add_job($1, $2, max_attempts => 8, job_key => $3)'
      using 'newsletter_confirm',
            pg_catalog.json_build_object('list', tg_table_name, 'id', new.id),
            'newsletter_confirm:' || tg_table_name || ':' || new.id;
  end if;
  return null;
end
$$;
revoke all on function public.queue_signup_confirmation() from public, anon, authenticated;

create trigger fan_club_signups_confirmation after insert on public.fan_club_signups
  for each row execute function public.queue_signup_confirmation();
create trigger merch_waitlist_confirmation after insert on public.merch_waitlist
  for each row execute function public.queue_signup_confirmation();

-- The job queue's own bookkeeping: which worker ids (graphile-worker's) belong to which live
-- database session of a server process. A session that is gone means its process is gone, and
-- the jobs its workers had locked are unlocked at once (queue/presence.ts) instead of after
-- graphile-worker's four-hour lock timeout.
create schema job_presence;
revoke all on schema job_presence from public, anon, authenticated;
create table job_presence.workers (
  worker_id text primary key,
  pid integer not null,
  backend_start timestamptz not null,
  registered_at timestamptz not null default now()
);
revoke all on job_presence.workers from public, anon, authenticated;

-- One-click unsubscribes per client address (a keyed hash of it, as every API limit).
insert into api_limits.rules (bucket, max_hits, window_seconds, unit) values
  ('newsletter:unsubscribe', 30, 60, 'unsubscribes');
-- The newsletter pages take their hits as service_role, through a function that can take from
-- this one bucket only: api_limits.take itself stays the auth service's alone, so no API role can
-- spend (or fill) another limit's count, a visitor's sign-in attempts included.
create function api_limits.take_newsletter_unsubscribe(p_client text)
returns integer
language sql
volatile
security definer
set search_path = ''
as $$
  select api_limits.take('newsletter:unsubscribe', p_client, 1)
$$;
revoke all on function api_limits.take_newsletter_unsubscribe(text) from public, anon, authenticated;
grant usage on schema api_limits to service_role;
grant execute on function api_limits.take_newsletter_unsubscribe(text) to service_role;

-- The console's calls (as the admin's own token, like draw_giveaway() in 0007): schedule a draft
-- to go out at a time (now when in the past), and cancel a send. Both are SECURITY DEFINER because
-- they write tables no API role writes, and refuse anyone but an admin (42501). A send that is not
-- a draft (any more) is PT404 (PostgREST answers 404). Scheduling needs the job queue (the
-- server's graphile-worker schema): without it, PT503 and nothing changes.
create function public.schedule_newsletter_send(p_send bigint, p_at timestamptz default null)
returns public.newsletter_sends
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_send public.newsletter_sends;
  v_at timestamptz := greatest(coalesce(p_at, pg_catalog.now()), pg_catalog.now());
begin
  if coalesce(auth.jwt() -> 'app_metadata' ->> 'role', '') <> 'admin' then
    raise exception 'only admins may send newsletters' using errcode = '42501';
  end if;
  if pg_catalog.to_regprocedure(
    'graphile_worker.add_job(text, json, text, timestamptz, integer, text, integer, text[], text)'
  ) is null then
    raise exception 'the job queue is not installed here' using errcode = 'PT503',
      hint = 'Newsletters are sent by the Rent Due server''s job queue.';
  end if;
  update public.newsletter_sends set state = 'scheduled', send_at = v_at
   where id = p_send and state = 'draft'
  returning * into v_send;
  if not found then
    raise exception 'no draft newsletter with this id' using errcode = 'PT404';
  end if;
  execute 'select graphile_worker.add_job($1, $2, run_at => $3, max_attempts => 10, job_key => $4)'
    using 'newsletter_fanout', pg_catalog.json_build_object('send', p_send), v_at,
          'newsletter_fanout:' || p_send;
  return v_send;
end
$$;

create function public.cancel_newsletter_send(p_send bigint)
returns public.newsletter_sends
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_send public.newsletter_sends;
begin
  if coalesce(auth.jwt() -> 'app_metadata' ->> 'role', '') <> 'admin' then
    raise exception 'only admins may cancel newsletters' using errcode = '42501';
  end if;
  update public.newsletter_sends set state = 'cancelled', cancelled_at = pg_catalog.now()
   where id = p_send and state <> 'cancelled'
  returning * into v_send;
  if not found then
    raise exception 'no newsletter to cancel with this id' using errcode = 'PT404';
  end if;
  update public.newsletter_deliveries set state = 'cancelled'
   where send_id = p_send and state = 'queued';
  return v_send;
end
$$;

-- "Send a test to yourself": the send's mail, as it is now, to the calling admin's own address
-- (from their token, never a parameter), through the queue like every mail. A second call while
-- the first waits replaces it (one job key per send and address). Returns the address.
create function public.send_newsletter_test(p_send bigint)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_to text := pg_catalog.lower(auth.jwt() ->> 'email');
begin
  if coalesce(auth.jwt() -> 'app_metadata' ->> 'role', '') <> 'admin' then
    raise exception 'only admins may send newsletters' using errcode = '42501';
  end if;
  if v_to is null or v_to = '' then
    raise exception 'your session has no e-mail address to send the test to' using errcode = '22023';
  end if;
  if pg_catalog.to_regprocedure(
    'graphile_worker.add_job(text, json, text, timestamptz, integer, text, integer, text[], text)'
  ) is null then
    raise exception 'the job queue is not installed here' using errcode = 'PT503',
      hint = 'Newsletters are sent by the Rent Due server''s job queue.';
  end if;
  if not exists (select 1 from public.newsletter_sends where id = p_send) then
    raise exception 'no newsletter with this id' using errcode = 'PT404';
  end if;
  execute 'select graphile_worker.add_job($1, $2, max_attempts => 5, job_key => $3)'
    using 'newsletter_test', pg_catalog.json_build_object('send', p_send, 'to', v_to),
          'newsletter_test:' || p_send || ':' || v_to;
  return v_to;
end
$$;

revoke all on function public.schedule_newsletter_send(bigint, timestamptz),
  public.cancel_newsletter_send(bigint), public.send_newsletter_test(bigint)
  from public, anon, authenticated;
grant execute on function public.schedule_newsletter_send(bigint, timestamptz),
  public.cancel_newsletter_send(bigint), public.send_newsletter_test(bigint) to authenticated;
