// The events table (migration 0021) as the console uses it: every event, soonest last; add,
// change, pin and delete. RLS admits admins only; an update that matched no row is reported.
import { getSupabase } from '../../../../lib/supabase'

export type EventRow = {
  id: number
  title: string
  summary: string
  starts_at: string
  time_zone: string
  link_url: string | null
  place: string | null
  signup_form: 'none' | 'audience_signups'
  pinned: boolean
}

export type EventInput = Omit<EventRow, 'id'>

const COLUMNS = 'id, title, summary, starts_at, time_zone, link_url, place, signup_form, pinned'

export async function listEvents(): Promise<EventRow[]> {
  const supabase = await getSupabase()
  const { data, error } = await supabase
    .from('events')
    .select(COLUMNS)
    .order('starts_at', { ascending: false })
    .limit(200)
  if (error) throw new Error(error.message)
  return data as EventRow[]
}

async function oneRow(
  query: PromiseLike<{ data: unknown[] | null; error: { message: string } | null }>,
) {
  const { data, error } = await query
  if (error) throw new Error(error.message)
  if (!data || data.length === 0) throw new Error('That event no longer exists.')
}

export async function saveEvent(values: EventInput, id?: number): Promise<void> {
  const supabase = await getSupabase()
  await oneRow(
    id === undefined
      ? supabase.from('events').insert(values).select('id')
      : supabase.from('events').update(values).eq('id', id).select('id'),
  )
}

export async function pinEvent(id: number, pinned: boolean): Promise<void> {
  const supabase = await getSupabase()
  await oneRow(supabase.from('events').update({ pinned }).eq('id', id).select('id'))
}

export async function deleteEvent(id: number): Promise<void> {
  const supabase = await getSupabase()
  await oneRow(supabase.from('events').delete().eq('id', id).select('id'))
}
