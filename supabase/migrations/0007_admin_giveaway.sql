-- The admin console's database side (decision 170): the dashboard's counts, this month's giveaway
-- candidates and the giveaway draw. Rights come from the caller's token and RLS only: the counts
-- function and the candidates view run as the caller (SECURITY INVOKER), so a non-admin sees zeros
-- and no rows; only draw_giveaway() is SECURITY DEFINER, because it writes the draw record that no
-- API role may write directly, and it refuses anyone whose token is not an admin's (42501).
-- "Today", "this week" (from Monday) and "this month" are calendar periods in UTC.

-- Counts per sign-up table for today, this week and all time, in one round trip.
create function public.admin_signup_counts()
returns table (table_name text, today bigint, this_week bigint, all_time bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  with bounds as (
    select pg_catalog.date_trunc('day', pg_catalog.now(), 'UTC') as day_start,
           pg_catalog.date_trunc('week', pg_catalog.now(), 'UTC') as week_start
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

revoke all on function public.admin_signup_counts() from public, anon, authenticated;
grant execute on function public.admin_signup_counts() to authenticated, service_role;

-- This month's perfect scores, one per e-mail address (compared case-insensitively): the earliest
-- entry of each. A security-invoker view, so quiz_entries' RLS decides: admins see the rows, other
-- signed-in users none, anon has no grant at all.
create view public.giveaway_candidates
with (security_invoker = true)
as
  select distinct on (pg_catalog.lower(e.email))
         e.id as quiz_entry_id, e.name, e.email, e.score, e.created_at
    from public.quiz_entries e
   where e.score = 10
     and e.created_at >= pg_catalog.date_trunc('month', pg_catalog.now(), 'UTC')
     and e.created_at < pg_catalog.date_trunc('month', pg_catalog.now(), 'UTC') + interval '1 month'
   order by pg_catalog.lower(e.email), e.created_at, e.id;

revoke all on public.giveaway_candidates from public, anon, authenticated;
grant select on public.giveaway_candidates to authenticated, service_role;

-- One row per draw: who drew (user id and e-mail from the token), when, for which month, and which
-- quiz entry won (its name and e-mail copied, so the record survives the entry).
create table public.giveaway_draws (
  id bigint generated always as identity primary key,
  month date not null,
  quiz_entry_id bigint references public.quiz_entries (id) on delete set null,
  winner_name text not null,
  winner_email text not null,
  candidate_count integer not null,
  drawn_by uuid not null,
  drawn_by_email text,
  drawn_at timestamptz not null default now(),
  constraint giveaway_draws_month_first_day check (month = pg_catalog.date_trunc('month', month)::date),
  constraint giveaway_draws_candidates check (candidate_count > 0)
);
create index giveaway_draws_drawn_at_idx on public.giveaway_draws (drawn_at desc);

revoke all on public.giveaway_draws from public, anon, authenticated;
grant all on public.giveaway_draws to service_role;
-- Admins read (RLS below); nobody but draw_giveaway() writes.
grant select on public.giveaway_draws to authenticated;
alter table public.giveaway_draws enable row level security;
create policy "admins read giveaway draws" on public.giveaway_draws
  for select to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');

-- Picks one of this month's candidates at random, in the database, and records the draw.
-- Errors: 42501 for anyone but an admin; P0002 'No perfect scores this month' when there is no
-- candidate (PostgREST answers it with HTTP 500; clients match the code).
create function public.draw_giveaway()
returns public.giveaway_draws
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_claims jsonb := auth.jwt();
  v_uid uuid := auth.uid();
  v_winner record;
  v_count integer;
  v_draw public.giveaway_draws;
begin
  if coalesce(v_claims -> 'app_metadata' ->> 'role', '') <> 'admin' or v_uid is null then
    raise exception 'only admins may draw the giveaway' using errcode = '42501';
  end if;

  select pg_catalog.count(*) into v_count from public.giveaway_candidates;
  if v_count = 0 then
    raise exception 'No perfect scores this month' using errcode = 'P0002',
      hint = 'A perfect score is 10 out of 10 in the fan quiz.';
  end if;

  select c.quiz_entry_id, c.name, c.email into v_winner
    from public.giveaway_candidates c
   order by pg_catalog.random()
   limit 1;

  insert into public.giveaway_draws
    (month, quiz_entry_id, winner_name, winner_email, candidate_count, drawn_by, drawn_by_email)
  values (pg_catalog.date_trunc('month', pg_catalog.now(), 'UTC')::date, v_winner.quiz_entry_id,
          v_winner.name, v_winner.email, v_count, v_uid, v_claims ->> 'email')
  returning * into v_draw;
  return v_draw;
end
$$;

revoke all on function public.draw_giveaway() from public, anon, authenticated;
grant execute on function public.draw_giveaway() to authenticated, service_role;
