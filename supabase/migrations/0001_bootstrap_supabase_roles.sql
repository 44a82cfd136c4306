-- Creates what a hosted Supabase project already has, so the same migrations run on a bare
-- PostgreSQL (the embedded one, or DATABASE_URL): the API roles, the auth/storage/extensions
-- schemas and the auth.* claim helpers. Every statement is guarded: on hosted Supabase, where all
-- of this exists (and `postgres` is not a superuser), the file changes nothing.
--
-- Roles are cluster-wide while migrations run per database, and the test harness migrates many
-- databases of one cluster at once. Role changes are therefore made only when something is
-- missing, after taking a cluster-wide lock on pg_authid (a shared catalog, so the lock is not
-- per database) and checking again, which serialises concurrent runs instead of racing them.

do $$
declare
  role_name text;
begin
  if exists (select from pg_catalog.pg_roles where rolname = 'anon')
     and exists (select from pg_catalog.pg_roles where rolname = 'authenticated')
     and exists (select from pg_catalog.pg_roles where rolname = 'service_role')
     and exists (select from pg_catalog.pg_roles where rolname = 'authenticator')
     and pg_catalog.pg_has_role('authenticator', 'anon', 'member')
     and pg_catalog.pg_has_role('authenticator', 'authenticated', 'member')
     and pg_catalog.pg_has_role('authenticator', 'service_role', 'member')
  then
    return;
  end if;

  -- Only a superuser may lock a catalog; a CREATEROLE owner (no concurrent runs) goes without.
  if (select rolsuper from pg_catalog.pg_roles where rolname = current_user) then
    lock table pg_catalog.pg_authid in share row exclusive mode;
  end if;

  if not exists (select from pg_catalog.pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select from pg_catalog.pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select from pg_catalog.pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select from pg_catalog.pg_roles where rolname = 'authenticator') then
    -- The API server's login role; the server sets its password.
    create role authenticator login noinherit;
  end if;
  foreach role_name in array array['anon', 'authenticated', 'service_role'] loop
    if not pg_catalog.pg_has_role('authenticator', role_name, 'member') then
      execute pg_catalog.format('grant %I to authenticator', role_name);
    end if;
  end loop;
end
$$;

-- The statement timeouts Supabase sets on the API roles. Done apart from role creation so a
-- cluster whose roles were made elsewhere (without timeouts) gets them too; skipped when they are
-- already set, and never attempted without the right to alter roles (hosted Supabase has them).
do $$
declare
  wanted constant text[][] := array[['anon', '3s'], ['authenticated', '8s']];
  i int;
  have_it boolean;
begin
  for i in 1..2 loop
    select exists (
      select from pg_catalog.pg_db_role_setting s
      join pg_catalog.pg_roles r on r.oid = s.setrole
      where r.rolname = wanted[i][1] and s.setdatabase = 0
        and s.setconfig::text[] && array['statement_timeout=' || wanted[i][2]]
    ) into have_it;
    if not have_it
       and (select rolsuper from pg_catalog.pg_roles where rolname = current_user) then
      lock table pg_catalog.pg_authid in share row exclusive mode;
      if not exists (
        select from pg_catalog.pg_db_role_setting s
        join pg_catalog.pg_roles r on r.oid = s.setrole
        where r.rolname = wanted[i][1] and s.setdatabase = 0
          and s.setconfig::text[] && array['statement_timeout=' || wanted[i][2]]
      ) then
        execute pg_catalog.format('alter role %I set statement_timeout = %L', wanted[i][1], wanted[i][2]);
      end if;
    end if;
  end loop;
end
$$;

-- Schemas hosted Supabase provides. Checked by hand rather than with `create schema if not
-- exists`, which needs CREATE on the database even when the schema is already there.
do $$
declare
  schema_name text;
begin
  foreach schema_name in array array['auth', 'storage', 'extensions'] loop
    if not exists (select from pg_catalog.pg_namespace where nspname = schema_name) then
      execute pg_catalog.format('create schema %I', schema_name);
    end if;
    if not pg_catalog.has_schema_privilege('anon', schema_name, 'usage')
       or not pg_catalog.has_schema_privilege('authenticated', schema_name, 'usage')
       or not pg_catalog.has_schema_privilege('service_role', schema_name, 'usage') then
      execute pg_catalog.format(
        'grant usage on schema %I to anon, authenticated, service_role', schema_name);
    end if;
  end loop;
  if not pg_catalog.has_schema_privilege('anon', 'public', 'usage')
     or not pg_catalog.has_schema_privilege('authenticated', 'public', 'usage')
     or not pg_catalog.has_schema_privilege('service_role', 'public', 'usage') then
    grant usage on schema public to anon, authenticated, service_role;
  end if;
end
$$;

-- The claim helpers, Supabase's own definitions (decision 022). On hosted Supabase they exist
-- and belong to supabase_auth_admin, so each is created only when missing. nullif(…, '') matters:
-- after a transaction that set the claims locally, the setting reads '' rather than NULL.
do $$
begin
  if pg_catalog.to_regprocedure('auth.uid()') is null then
    create function auth.uid() returns uuid language sql stable as $fn$
      select coalesce(
        nullif(current_setting('request.jwt.claim.sub', true), ''),
        (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
      )::uuid
    $fn$;
    grant execute on function auth.uid() to anon, authenticated, service_role;
  end if;
  if pg_catalog.to_regprocedure('auth.role()') is null then
    create function auth.role() returns text language sql stable as $fn$
      select coalesce(
        nullif(current_setting('request.jwt.claim.role', true), ''),
        (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
      )::text
    $fn$;
    grant execute on function auth.role() to anon, authenticated, service_role;
  end if;
  if pg_catalog.to_regprocedure('auth.email()') is null then
    create function auth.email() returns text language sql stable as $fn$
      select coalesce(
        nullif(current_setting('request.jwt.claim.email', true), ''),
        (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
      )::text
    $fn$;
    grant execute on function auth.email() to anon, authenticated, service_role;
  end if;
  if pg_catalog.to_regprocedure('auth.jwt()') is null then
    create function auth.jwt() returns jsonb language sql stable as $fn$
      select coalesce(
        nullif(current_setting('request.jwt.claim', true), ''),
        nullif(current_setting('request.jwt.claims', true), '')
      )::jsonb
    $fn$;
    grant execute on function auth.jwt() to anon, authenticated, service_role;
  end if;
end
$$;
