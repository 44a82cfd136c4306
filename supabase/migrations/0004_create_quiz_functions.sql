-- The fan quiz, graded in the database. A visitor calls start_quiz(name, email) and gets a run of
-- 10 random questions without their answers; answer_quiz(run, question, choice) records one
-- answer per question (never changed) and only then reveals the correct option. The tenth answer
-- finishes the run and the function itself writes the quiz_entries row. Nobody can insert or
-- alter a score: the API roles have no write grant on these tables, only EXECUTE on the two
-- SECURITY DEFINER functions (owned by the migration role, search_path pinned to '').
--
-- Errors use SQLSTATE 22023 (a bad argument) and P0001 (a state the run does not allow); both
-- map to HTTP 400 in PostgREST. The messages are stable: clients may show or match them.

create table public.quiz_runs (
  id uuid primary key default gen_random_uuid(),
  name public.person_name not null,
  email public.email_address not null,
  question_ids bigint[] not null,
  score smallint,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '2 hours',
  finished_at timestamptz,
  constraint quiz_runs_ten_questions check (cardinality(question_ids) = 10),
  constraint quiz_runs_score_range check (score between 0 and 10),
  constraint quiz_runs_finished_has_score check ((finished_at is null) = (score is null))
);
create index quiz_runs_expires_at_idx on public.quiz_runs (expires_at);

create table public.quiz_run_answers (
  run_id uuid not null references public.quiz_runs (id) on delete cascade,
  question_id bigint not null references public.quiz_questions (id) on delete cascade,
  choice smallint not null,
  correct boolean not null,
  answered_at timestamptz not null default now(),
  primary key (run_id, question_id),
  constraint quiz_run_answers_choice_range check (choice between 0 and 2)
);

create table public.quiz_entries (
  id bigint generated always as identity primary key,
  name public.person_name not null,
  email public.email_address not null,
  score smallint not null,
  -- The run that produced this score: one entry per run, kept when old runs are purged.
  run_id uuid unique references public.quiz_runs (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint quiz_entries_score_range check (score between 0 and 10)
);
create index quiz_entries_score_idx on public.quiz_entries (score desc, created_at);

revoke all on public.quiz_runs, public.quiz_run_answers, public.quiz_entries
  from public, anon, authenticated;
grant all on public.quiz_runs, public.quiz_run_answers, public.quiz_entries to service_role;
-- Admins read (RLS below); nobody but the functions and service_role writes.
grant select on public.quiz_runs, public.quiz_run_answers, public.quiz_entries to authenticated;

alter table public.quiz_runs enable row level security;
alter table public.quiz_run_answers enable row level security;
alter table public.quiz_entries enable row level security;

create policy "admins read quiz runs" on public.quiz_runs
  for select to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');
create policy "admins read quiz answers" on public.quiz_run_answers
  for select to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');
create policy "admins read quiz entries" on public.quiz_entries
  for select to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');

create function public.start_quiz(p_name text, p_email text)
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

  -- Runs live two hours; purge long-dead ones here so the table never needs a cron job.
  delete from public.quiz_runs where expires_at < pg_catalog.now() - interval '1 day';

  select pg_catalog.array_agg(q.id order by pg_catalog.random())
    into v_ids
    from (select id from public.quiz_questions order by pg_catalog.random() limit 10) q;
  if v_ids is null or pg_catalog.cardinality(v_ids) < 10 then
    raise exception 'the quiz bank has fewer than 10 questions' using errcode = 'P0001';
  end if;

  insert into public.quiz_runs (name, email, question_ids)
  values (v_name, v_email, v_ids)
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

create function public.answer_quiz(p_run_id uuid, p_question_id bigint, p_choice integer)
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
    insert into public.quiz_entries (name, email, score, run_id)
    values (v_run.name, v_run.email, v_score, p_run_id);
  end if;

  return pg_catalog.jsonb_build_object(
    'correct_index', v_correct_index,
    'correct', p_choice = v_correct_index,
    'answered', v_answered,
    'score', v_score,
    'finished', v_finished);
end
$$;

-- The answer key for the admin console: the API roles have no grant on correct_index, so an
-- admin reads it through this function (anyone else gets 42501).
create function public.quiz_answer_key()
returns table (question_id bigint, correct_index smallint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if coalesce((select auth.jwt()) -> 'app_metadata' ->> 'role', '') <> 'admin'
     and coalesce(auth.role(), '') <> 'service_role' then
    raise exception 'only admins may read the quiz answer key' using errcode = '42501';
  end if;
  return query select q.id, q.correct_index from public.quiz_questions q order by q.id;
end
$$;

revoke all on function public.start_quiz(text, text) from public, anon, authenticated;
revoke all on function public.answer_quiz(uuid, bigint, integer) from public, anon, authenticated;
revoke all on function public.quiz_answer_key() from public, anon, authenticated;
grant execute on function public.start_quiz(text, text) to anon, authenticated, service_role;
grant execute on function public.answer_quiz(uuid, bigint, integer)
  to anon, authenticated, service_role;
grant execute on function public.quiz_answer_key() to authenticated, service_role;
