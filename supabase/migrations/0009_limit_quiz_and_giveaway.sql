-- The quiz and the monthly giveaway against farming (issue: a script learned the 34-question bank
-- from the answers the spec shows and filled the giveaway with perfect entries under many e-mails):
--
-- * start_quiz and answer_quiz count against per-address limits (migration 0008's api_limits):
--   10 runs and 150 answers per address in 10 minutes, far above what a fan plays.
-- * Every run and entry keeps the keyed hash of its address (never the address itself).
-- * A giveaway candidate is still the earliest perfect entry of an e-mail address in the month, and
--   now at most 3 candidates per address a month; the view shows admins how many perfect-score
--   e-mail addresses share an address (ip_group is a short, salted hash: it names no one).
-- * giveaway_draws is append-only for everyone, the service role and the table owner included,
--   and "no candidate" is a 404 (PT404) rather than PostgREST's 500 for P0002.

insert into api_limits.rules (bucket, max_hits, window_seconds, unit) values
  ('rpc:start_quiz', 10, 600, 'quiz runs'),
  ('rpc:answer_quiz', 150, 600, 'quiz answers');

alter table public.quiz_runs add column ip_hash text;
alter table public.quiz_entries add column ip_hash text;

create or replace function public.start_quiz(p_name text, p_email text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_name text := pg_catalog.btrim(p_name);
  v_email text := pg_catalog.btrim(p_email);
  v_ids bigint[];
  v_run_id uuid;
  v_expires_at timestamptz;
  v_questions jsonb;
begin
  if v_name is null or pg_catalog.char_length(v_name) not between 1 and 100
     or v_name ~ '[[:cntrl:]]' then
    raise exception 'name must be 1 to 100 characters'
      using errcode = '22023', hint = 'Send a non-blank name of at most 100 characters.';
  end if;
  if v_email is null or pg_catalog.char_length(v_email) not between 3 and 254
     or v_email !~ '^[^[:space:][:cntrl:]@]+@[^[:space:][:cntrl:]@]+\.[^[:space:][:cntrl:]@.]+$'
     or v_email ~ '\.\.' then
    raise exception 'email must be a valid e-mail address'
      using errcode = '22023', hint = 'Send an address like fan@example.com, at most 254 characters.';
  end if;
  perform api_limits.enforce('rpc:start_quiz', 1, '');

  -- Runs live two hours; purge long-dead ones here so the table never needs a cron job.
  delete from public.quiz_runs where expires_at < pg_catalog.now() - interval '1 day';

  select pg_catalog.array_agg(q.id order by pg_catalog.random())
    into v_ids
    from (select id from public.quiz_questions order by pg_catalog.random() limit 10) q;
  if v_ids is null or pg_catalog.cardinality(v_ids) < 10 then
    raise exception 'the quiz bank has fewer than 10 questions' using errcode = 'P0001';
  end if;

  insert into public.quiz_runs (name, email, question_ids, ip_hash)
  values (v_name, v_email, v_ids, api_limits.client_subject())
  returning id, expires_at into v_run_id, v_expires_at;

  select pg_catalog.jsonb_agg(
           pg_catalog.jsonb_build_object(
             'id', q.id, 'question', q.question, 'options', pg_catalog.to_jsonb(q.options))
           order by ord.n)
    into v_questions
    from pg_catalog.unnest(v_ids) with ordinality as ord(id, n)
    join public.quiz_questions q on q.id = ord.id;

  return pg_catalog.jsonb_build_object(
    'run_id', v_run_id, 'expires_at', v_expires_at, 'questions', v_questions);
end
$$;

create or replace function public.answer_quiz(p_run_id uuid, p_question_id bigint, p_choice integer)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_run public.quiz_runs%rowtype;
  v_correct_index smallint;
  v_answered integer;
  v_score integer;
  v_finished boolean := false;
begin
  if p_run_id is null or p_question_id is null then
    raise exception 'run_id and question_id are required' using errcode = '22023';
  end if;
  if p_choice is null or p_choice not between 0 and 2 then
    raise exception 'choice must be 0, 1 or 2' using errcode = '22023';
  end if;
  perform api_limits.enforce('rpc:answer_quiz', 1, '');

  -- The row lock serialises concurrent answers to one run, so the count below is exact.
  select * into v_run from public.quiz_runs where id = p_run_id for update;
  if not found then
    raise exception 'quiz run not found' using errcode = '22023';
  end if;
  if v_run.finished_at is not null then
    raise exception 'quiz run is already finished' using errcode = 'P0001';
  end if;
  if v_run.expires_at <= pg_catalog.now() then
    raise exception 'quiz run has expired' using errcode = 'P0001',
      hint = 'Start a new quiz.';
  end if;
  if not (p_question_id = any (v_run.question_ids)) then
    raise exception 'question is not part of this quiz run' using errcode = '22023';
  end if;
  if exists (
    select from public.quiz_run_answers where run_id = p_run_id and question_id = p_question_id
  ) then
    raise exception 'question already answered' using errcode = 'P0001';
  end if;

  select correct_index into v_correct_index from public.quiz_questions where id = p_question_id;
  if not found then
    -- Only possible if the bank changed under a running quiz.
    raise exception 'question is not part of this quiz run' using errcode = '22023';
  end if;

  insert into public.quiz_run_answers (run_id, question_id, choice, correct)
  values (p_run_id, p_question_id, p_choice, p_choice = v_correct_index);

  select pg_catalog.count(*), pg_catalog.count(*) filter (where correct)
    into v_answered, v_score
    from public.quiz_run_answers where run_id = p_run_id;

  if v_answered = pg_catalog.cardinality(v_run.question_ids) then
    v_finished := true;
    update public.quiz_runs set finished_at = pg_catalog.now(), score = v_score
      where id = p_run_id;
    insert into public.quiz_entries (name, email, score, run_id, ip_hash)
    values (v_run.name, v_run.email, v_score, p_run_id, v_run.ip_hash);
  end if;

  return pg_catalog.jsonb_build_object(
    'correct_index', v_correct_index,
    'correct', p_choice = v_correct_index,
    'answered', v_answered,
    'score', v_score,
    'finished', v_finished);
end
$$;

-- This month's candidates: the earliest perfect entry per e-mail address (ignoring case), then at
-- most 3 per address (the earliest). ip_group is the first 8 characters of the address hash;
-- shared_ip counts the perfect-score e-mail addresses from that address this month, the capped
-- ones included. Entries without a hash (made outside the API) stand alone.
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
         r.ip_emails::integer as shared_ip
    from ranked r
   where r.ip_rank <= 3
   order by r.created_at, r.id;

alter table public.giveaway_draws add column winner_ip_group text;
alter table public.giveaway_draws add column winner_shared_ip integer;

-- Append-only: no role may change or remove a draw once made.
revoke update, delete, truncate on public.giveaway_draws from service_role;

create function public.giveaway_draws_append_only()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'giveaway draws are a permanent record: they cannot be changed or deleted'
    using errcode = '42501';
end
$$;
revoke all on function public.giveaway_draws_append_only() from public, anon, authenticated;

create trigger giveaway_draws_no_update before update or delete on public.giveaway_draws
  for each row execute function public.giveaway_draws_append_only();
create trigger giveaway_draws_no_truncate before truncate on public.giveaway_draws
  for each statement execute function public.giveaway_draws_append_only();

-- A draw keeps its own copy of the winner; the quiz entry it names may be deleted later without
-- touching the record (the old ON DELETE SET NULL would have been an update of it).
alter table public.giveaway_draws drop constraint giveaway_draws_quiz_entry_id_fkey;

create or replace function public.draw_giveaway()
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
    raise exception 'No perfect scores this month' using errcode = 'PT404',
      hint = 'A perfect score is 10 out of 10 in the fan quiz.';
  end if;

  select c.quiz_entry_id, c.name, c.email, c.ip_group, c.shared_ip into v_winner
    from public.giveaway_candidates c
   order by pg_catalog.random()
   limit 1;

  insert into public.giveaway_draws
    (month, quiz_entry_id, winner_name, winner_email, candidate_count, drawn_by, drawn_by_email,
     winner_ip_group, winner_shared_ip)
  values (pg_catalog.date_trunc('month', pg_catalog.now(), 'UTC')::date, v_winner.quiz_entry_id,
          v_winner.name, v_winner.email, v_count, v_uid, v_claims ->> 'email',
          v_winner.ip_group, v_winner.shared_ip)
  returning * into v_draw;
  return v_draw;
end
$$;
