-- The tables of our own Auth service (/auth/v1): users, their e-mail identities, sessions and
-- rotating refresh tokens. Table and column names follow GoTrue's (a subset), so queries such as
-- `select raw_app_meta_data from auth.users` read the same here and on hosted Supabase.
--
-- Who can reach them: only the role supabase_auth_admin (NOLOGIN, the name hosted Supabase gives
-- its auth service role). The API login role `authenticator` is made a member so the auth plugin
-- can `set local role supabase_auth_admin` inside its own transactions; the REST API never can,
-- because it only switches to anon/authenticated/service_role and never exposes schema `auth`.
-- anon, authenticated and service_role get no privilege on these tables (docs/decisions/090).
--
-- On hosted Supabase GoTrue already owns auth.users: then this file changes nothing (both blocks
-- return early).

do $$
begin
  -- Hosted Supabase: GoTrue's own tables and role exist; authenticator must stay out of that role.
  if pg_catalog.to_regclass('auth.users') is not null then
    return;
  end if;
  if not exists (select from pg_catalog.pg_roles where rolname = 'supabase_auth_admin')
     or not pg_catalog.pg_has_role('authenticator', 'supabase_auth_admin', 'member') then
    -- Roles are cluster-wide and many databases migrate at once in tests: serialise (see 0001).
    if (select rolsuper from pg_catalog.pg_roles where rolname = current_user) then
      lock table pg_catalog.pg_authid in share row exclusive mode;
    end if;
    if not exists (select from pg_catalog.pg_roles where rolname = 'supabase_auth_admin') then
      create role supabase_auth_admin nologin noinherit;
    end if;
    if not pg_catalog.pg_has_role('authenticator', 'supabase_auth_admin', 'member') then
      grant supabase_auth_admin to authenticator;
    end if;
  end if;
end
$$;

do $$
begin
  if pg_catalog.to_regclass('auth.users') is not null then
    return;
  end if;

  create table auth.users (
    id uuid primary key default gen_random_uuid(),
    aud text not null default 'authenticated',
    role text not null default 'authenticated',
    -- Stored lower-cased; the same rule as the sign-up forms' e-mail (0003).
    email public.email_address not null,
    -- argon2id PHC string.
    encrypted_password text not null,
    email_confirmed_at timestamptz,
    -- SHA-256 (hex) of the token mailed in the confirmation link; the token itself is not kept.
    confirmation_token text,
    confirmation_sent_at timestamptz,
    last_sign_in_at timestamptz,
    raw_app_meta_data jsonb not null default '{}'::jsonb,
    raw_user_meta_data jsonb not null default '{}'::jsonb,
    is_anonymous boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint users_email_lower_case check (email = lower(email)),
    constraint users_app_meta_data_object check (jsonb_typeof(raw_app_meta_data) = 'object'),
    constraint users_user_meta_data_object check (jsonb_typeof(raw_user_meta_data) = 'object')
  );
  create unique index users_email_key on auth.users (email);
  create unique index users_confirmation_token_key on auth.users (confirmation_token)
    where confirmation_token is not null;

  create table auth.identities (
    id uuid primary key default gen_random_uuid(),
    provider_id text not null,
    user_id uuid not null references auth.users (id) on delete cascade,
    identity_data jsonb not null,
    provider text not null,
    last_sign_in_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint identities_provider_id_provider_unique unique (provider_id, provider)
  );
  create index identities_user_id_idx on auth.identities (user_id);

  create table auth.sessions (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references auth.users (id) on delete cascade,
    aal text not null default 'aal1',
    -- How and when (Unix seconds) the session began, repeated in every access token's amr claim.
    amr_method text not null default 'password',
    amr_timestamp bigint not null,
    user_agent text,
    ip text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    refreshed_at timestamptz
  );
  create index sessions_user_id_idx on auth.sessions (user_id);

  create table auth.refresh_tokens (
    id bigint generated always as identity primary key,
    token text not null,
    user_id uuid not null references auth.users (id) on delete cascade,
    session_id uuid not null references auth.sessions (id) on delete cascade,
    -- The token this one replaced (null for the first of a session).
    parent text,
    revoked boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint refresh_tokens_token_unique unique (token)
  );
  create index refresh_tokens_session_id_idx on auth.refresh_tokens (session_id);
  create index refresh_tokens_parent_idx on auth.refresh_tokens (parent);

  revoke all on auth.users, auth.identities, auth.sessions, auth.refresh_tokens
    from public, anon, authenticated, service_role;
  grant usage on schema auth to supabase_auth_admin;
  grant select, insert, update, delete
    on auth.users, auth.identities, auth.sessions, auth.refresh_tokens
    to supabase_auth_admin;
end
$$;
