-- The render cache (migration 0012, docs/decisions/290) must also hear of the two tables the
-- team's console added to the public pages: events (the pinned event cards on Home and News, read
-- through the event_notices view) and track_order (the order the soundtrack and the radio play
-- in). Same statement-level triggers, same channel. A page that reads the view depends on the
-- table (apps/server src/http/page-dependencies.ts maps one to the other).

create trigger events_notify_content_change
  after insert or update or delete or truncate on public.events
  for each statement execute function public.notify_content_change();

create trigger track_order_notify_content_change
  after insert or update or delete or truncate on public.track_order
  for each statement execute function public.notify_content_change();
