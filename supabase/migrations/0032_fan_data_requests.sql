-- A fan's data on request (decisions 387 and 388): the console exports and erases everything stored
-- about one e-mail address, and every request is written to an audit log that never holds the
-- address itself, only its sha256 key ('sha256:' and the hex digest of the trimmed, lower-cased
-- address). Both calls run as the admin's own token, like draw_giveaway() in 0007: SECURITY
-- DEFINER because they read and write tables no API role may touch this way, and 42501 for
-- anyone but an admin. Addresses match case-insensitively and trimmed.
--
-- What an address finds: fan-club sign-ups, merch-waitlist sign-ups, Q&A sign-ups, contact
-- messages, team applications, quiz runs (with their answers) and entries (the giveaway's
-- entries), giveaway draws it won and exclusions of it, newsletter mails (deliveries) and its
-- suppression entry.
--
-- What erasing does, in one transaction:
-- * deletes the sign-ups, messages, applications, quiz runs and entries and newsletter deliveries;
-- * keeps the giveaway draws and exclusions (the log of a month's draw) with the winner's name
--   and address replaced by 'Erased' and the address's key;
-- * keeps a suppression entry, but keyed: the address's key replaces the address, so an erased
--   address that comes back through an old list or someone else's form is still never mailed a
--   newsletter (the trigger on newsletter_deliveries below), while the fan signing up again and
--   confirming lifts an unsubscribe as it does for any address.

-- The key of an address: what the audit log and a kept suppression store instead of it.
create function public.fan_data_key(p_address text)
returns text
language sql
immutable
strict
set search_path = ''
as $$
  select 'sha256:' || pg_catalog.encode(
    pg_catalog.sha256(pg_catalog.convert_to(pg_catalog.lower(pg_catalog.btrim(p_address)), 'UTF8')),
    'hex')
$$;
revoke all on function public.fan_data_key(text) from public, anon, authenticated;

create table public.fan_data_audit (
  id bigint generated always as identity primary key,
  action text not null,
  -- public.fan_data_key() of the address asked about: never the address itself.
  address_key text not null,
  -- How many rows were found (export) or erased (delete), in all and per kind.
  row_count integer not null,
  counts jsonb not null,
  done_by uuid,
  done_by_email text,
  done_at timestamptz not null default now(),
  constraint fan_data_audit_action_known check (action in ('export', 'delete')),
  constraint fan_data_audit_key_shape check (address_key ~ '^sha256:[0-9a-f]{64}$'),
  constraint fan_data_audit_row_count check (row_count >= 0)
);
create index fan_data_audit_done_at_idx on public.fan_data_audit (done_at desc);

revoke all on public.fan_data_audit from public, anon, authenticated;
grant select on public.fan_data_audit to authenticated, service_role;
alter table public.fan_data_audit enable row level security;
create policy "admins read the fan data audit log" on public.fan_data_audit
  for select to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');

-- The audit log is append-only for everyone, the functions below included.
create function public.fan_data_audit_append_only()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'the fan data audit log is a permanent record: it cannot be changed or deleted'
    using errcode = '42501';
end
$$;
revoke all on function public.fan_data_audit_append_only() from public, anon, authenticated;
create trigger fan_data_audit_no_update before update or delete on public.fan_data_audit
  for each row execute function public.fan_data_audit_append_only();
create trigger fan_data_audit_no_truncate before truncate on public.fan_data_audit
  for each statement execute function public.fan_data_audit_append_only();

-- The giveaway log stays append-only, with one exception: fan_data_delete() may replace a
-- winner's or an excluded entry's name and address, and nothing else, inside its own transaction.
create or replace function public.giveaway_draws_append_only()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE'
     and pg_catalog.current_setting('rent_due.fan_data_erasure', true) = 'on'
     and pg_catalog.to_jsonb(new) - array['winner_name', 'winner_email', 'name', 'email']
       = pg_catalog.to_jsonb(old) - array['winner_name', 'winner_email', 'name', 'email'] then
    return new;
  end if;
  raise exception 'giveaway draws are a permanent record: they cannot be changed or deleted'
    using errcode = '42501';
end
$$;
revoke all on function public.giveaway_draws_append_only() from public, anon, authenticated;

-- The address a console call asks about, trimmed; 22023 for anything that cannot be one.
create function public.fan_data_address(p_email text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v text := pg_catalog.lower(pg_catalog.btrim(p_email));
begin
  if v is null or pg_catalog.char_length(v) not between 3 and 254 or v !~ '@'
     or v ~ '[[:cntrl:][:space:]]' then
    raise exception 'email must be an e-mail address' using errcode = '22023';
  end if;
  return v;
end
$$;
revoke all on function public.fan_data_address(text) from public, anon, authenticated;

-- Everything stored about one address:
-- { address, kinds: [kind], counts: {kind: n}, rows: {kind: [row]} }.
create function public.fan_data_rows(p_address text)
returns jsonb
language sql
stable
set search_path = ''
as $$
  with k as (select p_address as a, public.fan_data_key(p_address) as key),
  kinds as (
    select 'fan_club_signups' as kind, 1 as n, (
      select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(t) order by t.id), '[]')
        from public.fan_club_signups t, k where pg_catalog.lower(pg_catalog.btrim(t.email)) = k.a
    ) as rows
    union all
    select 'merch_waitlist', 2, (
      select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(t) order by t.id), '[]')
        from public.merch_waitlist t, k where pg_catalog.lower(pg_catalog.btrim(t.email)) = k.a)
    union all
    select 'audience_signups', 3, (
      select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(t) order by t.id), '[]')
        from public.audience_signups t, k where pg_catalog.lower(pg_catalog.btrim(t.email)) = k.a)
    union all
    select 'contact_submissions', 4, (
      select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(t) order by t.id), '[]')
        from public.contact_submissions t, k
       where pg_catalog.lower(pg_catalog.btrim(t.email)) = k.a)
    union all
    select 'team_applications', 5, (
      select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(t) order by t.id), '[]')
        from public.team_applications t, k where pg_catalog.lower(pg_catalog.btrim(t.email)) = k.a)
    union all
    select 'quiz_entries', 6, (
      select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(t) order by t.id), '[]')
        from public.quiz_entries t, k where pg_catalog.lower(pg_catalog.btrim(t.email)) = k.a)
    union all
    select 'quiz_runs', 7, (
      select coalesce(pg_catalog.jsonb_agg(
               pg_catalog.to_jsonb(t) || pg_catalog.jsonb_build_object('answers', (
                 select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(x)
                                   order by x.answered_at, x.question_id), '[]')
                   from public.quiz_run_answers x where x.run_id = t.id))
               order by t.created_at, t.id), '[]')
        from public.quiz_runs t, k where pg_catalog.lower(pg_catalog.btrim(t.email)) = k.a)
    union all
    select 'giveaway_draws', 8, (
      select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(t) order by t.id), '[]')
        from public.giveaway_draws t, k
       where pg_catalog.lower(pg_catalog.btrim(t.winner_email)) = k.a)
    union all
    select 'giveaway_exclusions', 9, (
      select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(t) order by t.id), '[]')
        from public.giveaway_exclusions t, k where pg_catalog.lower(pg_catalog.btrim(t.email)) = k.a)
    union all
    select 'newsletter_deliveries', 10, (
      select coalesce(pg_catalog.jsonb_agg(
               pg_catalog.to_jsonb(t) || pg_catalog.jsonb_build_object('subject', s.subject)
               order by t.id), '[]')
        from public.newsletter_deliveries t
        join public.newsletter_sends s on s.id = t.send_id, k
       where pg_catalog.lower(pg_catalog.btrim(t.address)) = k.a)
    union all
    select 'newsletter_suppressions', 11, (
      select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(t) order by t.created_at), '[]')
        from public.newsletter_suppressions t, k
       where pg_catalog.lower(pg_catalog.btrim(t.address)) in (k.a, k.key))
  )
  select pg_catalog.jsonb_build_object(
    'address', p_address,
    -- The kinds in the order the console lists them (a jsonb object keeps no order).
    'kinds', pg_catalog.jsonb_agg(kind order by n),
    'counts', pg_catalog.jsonb_object_agg(kind, pg_catalog.jsonb_array_length(rows) order by n),
    'rows', pg_catalog.jsonb_object_agg(kind, rows order by n))
    from kinds
$$;
revoke all on function public.fan_data_rows(text) from public, anon, authenticated;

create function public.fan_data_audit_write(p_action text, p_address text, p_counts jsonb)
returns void
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_claims jsonb := auth.jwt();
begin
  insert into public.fan_data_audit
    (action, address_key, row_count, counts, done_by, done_by_email)
  values (p_action, public.fan_data_key(p_address),
          (select coalesce(sum(v::integer), 0) from pg_catalog.jsonb_each_text(p_counts) e(k, v)),
          p_counts, auth.uid(), v_claims ->> 'email');
end
$$;
revoke all on function public.fan_data_audit_write(text, text, jsonb)
  from public, anon, authenticated;

-- The console's look-up and download: what is stored about p_email, recorded as an export.
create function public.fan_data_export(p_email text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_address text;
  v_data jsonb;
begin
  if coalesce(auth.jwt() -> 'app_metadata' ->> 'role', '') <> 'admin' then
    raise exception 'only admins may export a fan''s data' using errcode = '42501';
  end if;
  v_address := public.fan_data_address(p_email);
  v_data := public.fan_data_rows(v_address);
  perform public.fan_data_audit_write('export', v_address, v_data -> 'counts');
  return v_data || pg_catalog.jsonb_build_object('exported_at', pg_catalog.now());
end
$$;

-- Erases what is stored about p_email (see the top of this file) and returns how many rows of
-- each kind went: {kind: n}, with newsletter_suppressions counting the entries kept, keyed.
create function public.fan_data_delete(p_email text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_address text;
  v_key text;
  v_counts jsonb := '{}';
  v_n integer;
begin
  if coalesce(auth.jwt() -> 'app_metadata' ->> 'role', '') <> 'admin' then
    raise exception 'only admins may erase a fan''s data' using errcode = '42501';
  end if;
  v_address := public.fan_data_address(p_email);
  v_key := public.fan_data_key(v_address);

  delete from public.fan_club_signups where pg_catalog.lower(pg_catalog.btrim(email)) = v_address;
  get diagnostics v_n = row_count;
  v_counts := v_counts || pg_catalog.jsonb_build_object('fan_club_signups', v_n);
  delete from public.merch_waitlist where pg_catalog.lower(pg_catalog.btrim(email)) = v_address;
  get diagnostics v_n = row_count;
  v_counts := v_counts || pg_catalog.jsonb_build_object('merch_waitlist', v_n);
  delete from public.audience_signups where pg_catalog.lower(pg_catalog.btrim(email)) = v_address;
  get diagnostics v_n = row_count;
  v_counts := v_counts || pg_catalog.jsonb_build_object('audience_signups', v_n);
  delete from public.contact_submissions
   where pg_catalog.lower(pg_catalog.btrim(email)) = v_address;
  get diagnostics v_n = row_count;
  v_counts := v_counts || pg_catalog.jsonb_build_object('contact_submissions', v_n);
  delete from public.team_applications where pg_catalog.lower(pg_catalog.btrim(email)) = v_address;
  get diagnostics v_n = row_count;
  v_counts := v_counts || pg_catalog.jsonb_build_object('team_applications', v_n);
  delete from public.quiz_entries where pg_catalog.lower(pg_catalog.btrim(email)) = v_address;
  get diagnostics v_n = row_count;
  v_counts := v_counts || pg_catalog.jsonb_build_object('quiz_entries', v_n);
  -- Their answers go with them (on delete cascade).
  delete from public.quiz_runs where pg_catalog.lower(pg_catalog.btrim(email)) = v_address;
  get diagnostics v_n = row_count;
  v_counts := v_counts || pg_catalog.jsonb_build_object('quiz_runs', v_n);

  perform pg_catalog.set_config('rent_due.fan_data_erasure', 'on', true);
  update public.giveaway_draws set winner_name = 'Erased', winner_email = v_key
   where pg_catalog.lower(pg_catalog.btrim(winner_email)) = v_address;
  get diagnostics v_n = row_count;
  v_counts := v_counts || pg_catalog.jsonb_build_object('giveaway_draws', v_n);
  update public.giveaway_exclusions set name = 'Erased', email = v_key
   where pg_catalog.lower(pg_catalog.btrim(email)) = v_address;
  get diagnostics v_n = row_count;
  v_counts := v_counts || pg_catalog.jsonb_build_object('giveaway_exclusions', v_n);
  perform pg_catalog.set_config('rent_due.fan_data_erasure', '', true);

  delete from public.newsletter_deliveries
   where pg_catalog.lower(pg_catalog.btrim(address)) = v_address;
  get diagnostics v_n = row_count;
  v_counts := v_counts || pg_catalog.jsonb_build_object('newsletter_deliveries', v_n);

  -- The suppression entry stays, keyed (one per key: an older keyed entry wins).
  if exists (select 1 from public.newsletter_suppressions where address = v_key) then
    delete from public.newsletter_suppressions
     where pg_catalog.lower(pg_catalog.btrim(address)) = v_address;
  else
    update public.newsletter_suppressions set address = v_key
     where pg_catalog.lower(pg_catalog.btrim(address)) = v_address;
  end if;
  select pg_catalog.count(*)::integer into v_n
    from public.newsletter_suppressions where address = v_key;
  v_counts := v_counts || pg_catalog.jsonb_build_object('newsletter_suppressions', v_n);

  -- The audit row counts what was erased; the kept suppression entry is not part of that sum.
  perform public.fan_data_audit_write('delete', v_address,
    v_counts - 'newsletter_suppressions');
  return v_counts;
end
$$;

revoke all on function public.fan_data_export(text), public.fan_data_delete(text)
  from public, anon, authenticated;
grant execute on function public.fan_data_export(text), public.fan_data_delete(text)
  to authenticated;

-- A kept, keyed suppression entry is honoured by every later send: a delivery to its address is
-- stored already suppressed, so no mail job is ever queued for it.
create function public.newsletter_deliveries_keyed_suppression()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.state = 'queued' and exists (
    select 1 from public.newsletter_suppressions where address = public.fan_data_key(new.address)
  ) then
    new.state := 'suppressed';
  end if;
  return new;
end
$$;
revoke all on function public.newsletter_deliveries_keyed_suppression()
  from public, anon, authenticated;
create trigger newsletter_deliveries_keyed_suppression before insert
  on public.newsletter_deliveries
  for each row execute function public.newsletter_deliveries_keyed_suppression();

-- Signing up again and confirming lifts an unsubscribe (the confirmation page does so for the
-- address in clear); this does the same for a keyed entry left by an erasure.
create function public.lift_keyed_unsubscribe()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.confirmed_at is null and new.confirmed_at is not null then
    delete from public.newsletter_suppressions
     where address = public.fan_data_key(new.email) and reason = 'unsubscribed';
  end if;
  return null;
end
$$;
revoke all on function public.lift_keyed_unsubscribe() from public, anon, authenticated;
create trigger fan_club_signups_lift_keyed_unsubscribe after update of confirmed_at
  on public.fan_club_signups
  for each row execute function public.lift_keyed_unsubscribe();
create trigger merch_waitlist_lift_keyed_unsubscribe after update of confirmed_at
  on public.merch_waitlist
  for each row execute function public.lift_keyed_unsubscribe();
