// The pinned events the News and Home pages show above the news (migration 0021's
// event_notices: the events with their start as a wall-clock time where they happen), soonest
// first. Throws a ReadError on failure, so the page can say the notices are missing.
import { ReadError } from '../../../lib/read-result'
import { RETRY_READS } from '../../../lib/read-retry'
import { getSupabase, type ReadClient } from '../../../lib/supabase'

export type PinnedEvent = {
  id: number
  title: string
  summary: string
  starts_at: string
  time_zone: string
  /** '2025-09-06T19:00:00': the start where the event happens. */
  local_start: string
  link_url: string | null
  place: string | null
  /** The form the card opens: 'audience_signups' (the Q&A sign-up) or 'none'. */
  signup_form: string
}

export async function fetchPinnedEvents(client?: ReadClient): Promise<PinnedEvent[]> {
  const supabase = client ?? (await getSupabase())
  const { data, error, status } = await supabase
    .from('event_notices')
    .select('id, title, summary, starts_at, time_zone, local_start, link_url, place, signup_form')
    .eq('pinned', true)
    .order('starts_at', { ascending: true })
    .order('id', { ascending: true })
    .limit(10)
    .retry(RETRY_READS)
  if (error) throw new ReadError(`events: ${error.message}`, status, { cause: error })
  return (data ?? []) as PinnedEvent[]
}
