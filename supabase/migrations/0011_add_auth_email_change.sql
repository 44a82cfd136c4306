-- E-mail change with confirmation (PUT /auth/v1/user with SMTP set): the new address waits in
-- email_change until the link mailed to it is opened (/auth/v1/verify?type=email_change). Column
-- names are GoTrue's, so on hosted Supabase, where GoTrue owns auth.users and already has them,
-- this changes nothing.

do $$
begin
  if exists (select from pg_catalog.pg_attribute
              where attrelid = 'auth.users'::regclass and attname = 'email_change'
                and not attisdropped) then
    return;
  end if;

  alter table auth.users
    -- The address asked for, lower-cased like email; null when no change is pending.
    add column email_change public.email_address,
    -- SHA-256 (hex) of the token mailed to the new address; the token itself is not kept.
    add column email_change_token_new text,
    add column email_change_sent_at timestamptz,
    add constraint users_email_change_lower_case check (email_change = lower(email_change));
  create unique index users_email_change_token_new_key on auth.users (email_change_token_new)
    where email_change_token_new is not null;
end
$$;
