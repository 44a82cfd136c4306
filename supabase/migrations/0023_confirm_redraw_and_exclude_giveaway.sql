-- The giveaway draw as the team needs it (issue 31): every draw carries a note for the log, a
-- re-draw in the same month must say why and never picks an earlier winner of the month again,
-- and an entry can be excluded from the month's draws with a reason. Exclusions are kept like the
-- draws: append-only for every role, so the log tells the whole story of a month.

alter table public.giveaway_draws add column reason text;
alter table public.giveaway_draws add column redraw_of bigint;
alter table public.giveaway_draws add constraint giveaway_draws_reason_length
  check (reason is null or char_length(btrim(reason)) between 1 and 500);

create table public.giveaway_exclusions (
  id bigint generated always as identity primary key,
  month date not null,
  quiz_entry_id bigint not null,
  name text not null,
  email text not null,
  ip_group text,
  reason text not null,
  excluded_by uuid not null,
  excluded_by_email text,
  excluded_at timestamptz not null default now(),
  constraint giveaway_exclusions_month_first_day check (month = pg_catalog.date_trunc('month', month)::date),
  constraint giveaway_exclusions_reason_length check (char_length(btrim(reason)) between 1 and 500),
  constraint giveaway_exclusions_once unique (month, quiz_entry_id)
);

revoke all on public.giveaway_exclusions from public, anon, authenticated;
grant select, insert on public.giveaway_exclusions to service_role;
grant select on public.giveaway_exclusions to authenticated;
alter table public.giveaway_exclusions enable row level security;
create policy "admins read giveaway exclusions" on public.giveaway_exclusions
  for select to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');
create trigger giveaway_exclusions_no_update before update or delete on public.giveaway_exclusions
  for each row execute function public.giveaway_draws_append_only();
create trigger giveaway_exclusions_no_truncate before truncate on public.giveaway_exclusions
  for each statement execute function public.giveaway_draws_append_only();

-- The candidates as before, with whether (and why) each was excluded this month and whether it
-- already won this month. Columns are only added at the end (the view keeps its old ones).
create or replace view public.giveaway_candidates
with (security_invoker = true)
as
  with month_perfect as (
    select e.id, e.name, e.email, e.score, e.created_at,
           coalesce(e.ip_hash, 'entry:' || e.id::text) as ip_key
      from public.quiz_entries e
     where e.score = 10
       and e.created_at >= pg_catalog.date_trunc('month', pg_catalog.now(), 'UTC')
       and e.created_at < pg_catalog.date_trunc('month', pg_catalog.now(), 'UTC') + interval '1 month'
  ), per_email as (
    select distinct on (pg_catalog.lower(m.email)) m.*
      from month_perfect m
     order by pg_catalog.lower(m.email), m.created_at, m.id
  ), ranked as (
    select p.*,
           pg_catalog.row_number() over (partition by p.ip_key order by p.created_at, p.id) as ip_rank,
           pg_catalog.count(*) over (partition by p.ip_key) as ip_emails
      from per_email p
  )
  select r.id as quiz_entry_id, r.name, r.email, r.score, r.created_at,
         case when r.ip_key like 'entry:%' then null
              else pg_catalog.left(pg_catalog.md5(r.ip_key), 8) end as ip_group,
         r.ip_emails::integer as shared_ip,
         x.reason as excluded_reason,
         exists (select from public.giveaway_draws d
                  where d.quiz_entry_id = r.id
                    and d.month = pg_catalog.date_trunc('month', pg_catalog.now(), 'UTC')::date)
           as won_this_month
    from ranked r
    left join public.giveaway_exclusions x
      on x.quiz_entry_id = r.id
     and x.month = pg_catalog.date_trunc('month', pg_catalog.now(), 'UTC')::date
   where r.ip_rank <= 3
   order by r.created_at, r.id;

-- Excludes one of this month's candidates from this month's draws, with a reason.
create function public.exclude_giveaway_entry(p_quiz_entry_id bigint, p_reason text)
returns public.giveaway_exclusions
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_claims jsonb := auth.jwt();
  v_uid uuid := auth.uid();
  v_reason text := pg_catalog.btrim(p_reason);
  v_entry record;
  v_row public.giveaway_exclusions;
begin
  if coalesce(v_claims -> 'app_metadata' ->> 'role', '') <> 'admin' or v_uid is null then
    raise exception 'only admins may exclude giveaway entries' using errcode = '42501';
  end if;
  if v_reason is null or pg_catalog.char_length(v_reason) not between 1 and 500 then
    raise exception 'An exclusion needs a reason (1 to 500 characters)' using errcode = '22023';
  end if;
  select c.quiz_entry_id, c.name, c.email, c.ip_group, c.excluded_reason into v_entry
    from public.giveaway_candidates c where c.quiz_entry_id = p_quiz_entry_id;
  if not found then
    raise exception 'That entry is not a candidate this month' using errcode = 'PT404';
  end if;
  if v_entry.excluded_reason is not null then
    raise exception 'That entry is already excluded this month' using errcode = '23505';
  end if;
  insert into public.giveaway_exclusions
    (month, quiz_entry_id, name, email, ip_group, reason, excluded_by, excluded_by_email)
  values (pg_catalog.date_trunc('month', pg_catalog.now(), 'UTC')::date, v_entry.quiz_entry_id,
          v_entry.name, v_entry.email, v_entry.ip_group, v_reason, v_uid, v_claims ->> 'email')
  returning * into v_row;
  return v_row;
end
$$;
revoke all on function public.exclude_giveaway_entry(bigint, text) from public, anon, authenticated;
grant execute on function public.exclude_giveaway_entry(bigint, text) to authenticated, service_role;

-- The draw, with its note. The month's first draw may give a reason (the console sends its
-- note); a later one must (a re-draw), is linked to the draw it replaces, and picks among the
-- candidates that are neither excluded nor earlier winners of the month.
drop function public.draw_giveaway();
create function public.draw_giveaway(p_reason text default null)
returns public.giveaway_draws
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_claims jsonb := auth.jwt();
  v_uid uuid := auth.uid();
  v_reason text := nullif(pg_catalog.btrim(coalesce(p_reason, '')), '');
  v_month date := pg_catalog.date_trunc('month', pg_catalog.now(), 'UTC')::date;
  v_previous bigint;
  v_winner record;
  v_count integer;
  v_draw public.giveaway_draws;
begin
  if coalesce(v_claims -> 'app_metadata' ->> 'role', '') <> 'admin' or v_uid is null then
    raise exception 'only admins may draw the giveaway' using errcode = '42501';
  end if;
  if v_reason is not null and pg_catalog.char_length(v_reason) > 500 then
    raise exception 'The reason must be at most 500 characters' using errcode = '22023';
  end if;
  -- One draw at a time per month: the second waits and then sees the first.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('giveaway ' || v_month::text, 0));
  select d.id into v_previous from public.giveaway_draws d
   where d.month = v_month order by d.drawn_at desc, d.id desc limit 1;
  if v_previous is not null and v_reason is null then
    raise exception 'A re-draw needs a reason' using errcode = '22023',
      hint = 'Say why the earlier winner does not stand, for the log.';
  end if;

  select pg_catalog.count(*) into v_count from public.giveaway_candidates c
   where c.excluded_reason is null and not c.won_this_month;
  if v_count = 0 then
    raise exception 'No perfect scores this month' using errcode = 'PT404',
      hint = 'A perfect score is 10 out of 10 in the fan quiz; excluded entries and earlier winners do not count.';
  end if;

  select c.quiz_entry_id, c.name, c.email, c.ip_group, c.shared_ip into v_winner
    from public.giveaway_candidates c
   where c.excluded_reason is null and not c.won_this_month
   order by pg_catalog.random()
   limit 1;

  insert into public.giveaway_draws
    (month, quiz_entry_id, winner_name, winner_email, candidate_count, drawn_by, drawn_by_email,
     winner_ip_group, winner_shared_ip, reason, redraw_of)
  values (v_month, v_winner.quiz_entry_id, v_winner.name, v_winner.email, v_count, v_uid,
          v_claims ->> 'email', v_winner.ip_group, v_winner.shared_ip, v_reason, v_previous)
  returning * into v_draw;
  return v_draw;
end
$$;

revoke all on function public.draw_giveaway(text) from public, anon, authenticated;
grant execute on function public.draw_giveaway(text) to authenticated, service_role;

-- The dashboard's counts by the team member's own calendar: "today" and "this week" (from
-- Monday) in p_time_zone (an IANA name; UTC when not given).
drop function public.admin_signup_counts();
create function public.admin_signup_counts(p_time_zone text default 'UTC')
returns table (table_name text, today bigint, this_week bigint, all_time bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  with bounds as (
    select pg_catalog.date_trunc('day', pg_catalog.now(), p_time_zone) as day_start,
           pg_catalog.date_trunc('week', pg_catalog.now(), p_time_zone) as week_start
  ), rows as (
    select 'fan_club_signups' as t, created_at from public.fan_club_signups
    union all select 'contact_submissions', created_at from public.contact_submissions
    union all select 'team_applications', created_at from public.team_applications
    union all select 'audience_signups', created_at from public.audience_signups
    union all select 'quiz_entries', created_at from public.quiz_entries
    union all select 'merch_waitlist', created_at from public.merch_waitlist
  )
  select names.t,
         pg_catalog.count(r.created_at) filter (where r.created_at >= b.day_start),
         pg_catalog.count(r.created_at) filter (where r.created_at >= b.week_start),
         pg_catalog.count(r.created_at)
    from (values (1, 'fan_club_signups'), (2, 'contact_submissions'), (3, 'team_applications'),
                 (4, 'audience_signups'), (5, 'quiz_entries'), (6, 'merch_waitlist'))
         as names (n, t)
    cross join bounds b
    left join rows r on r.t = names.t
   group by names.n, names.t
   order by names.n
$$;

revoke all on function public.admin_signup_counts(text) from public, anon, authenticated;
grant execute on function public.admin_signup_counts(text) to authenticated, service_role;
