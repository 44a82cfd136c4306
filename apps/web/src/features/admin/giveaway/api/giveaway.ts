// The giveaway's calls (migrations 0007, 0009, 0023): this month's candidates (a security-invoker
// view, at most 3 per connection, with how many perfect-score addresses share one, whether each
// is excluded and whether it already won), the draw (random in the database, recorded for good,
// with its note), exclusions, and the log of both.
import { getSupabase } from '../../../../lib/supabase'

export type Candidate = {
  quiz_entry_id: number
  name: string
  email: string
  created_at: string
  /** A short hash of the connection the entry came from (never the address); null when unknown. */
  ip_group: string | null
  /** Perfect-score e-mail addresses this month from that connection, this one included. */
  shared_ip: number
  excluded_reason: string | null
  won_this_month: boolean
}

export type Draw = {
  id: number
  month: string
  quiz_entry_id: number | null
  winner_name: string
  winner_email: string
  candidate_count: number
  drawn_by_email: string | null
  drawn_at: string
  reason: string | null
  redraw_of: number | null
}

export type Exclusion = {
  id: number
  quiz_entry_id: number
  name: string
  email: string
  reason: string
  excluded_by_email: string | null
  excluded_at: string
}

export class NoCandidatesError extends Error {}

export async function listCandidates(): Promise<Candidate[]> {
  const supabase = await getSupabase()
  const { data, error } = await supabase
    .from('giveaway_candidates')
    .select(
      'quiz_entry_id, name, email, created_at, ip_group, shared_ip, excluded_reason, won_this_month',
    )
    .order('created_at')
    .limit(1000)
  if (error) throw new Error(error.message)
  return data as Candidate[]
}

export async function listDraws(): Promise<Draw[]> {
  const supabase = await getSupabase()
  const { data, error } = await supabase
    .from('giveaway_draws')
    .select(
      'id, month, quiz_entry_id, winner_name, winner_email, candidate_count, drawn_by_email, drawn_at, reason, redraw_of',
    )
    .order('drawn_at', { ascending: false })
    .limit(50)
  if (error) throw new Error(error.message)
  return data as Draw[]
}

export async function listExclusions(): Promise<Exclusion[]> {
  const supabase = await getSupabase()
  const { data, error } = await supabase
    .from('giveaway_exclusions')
    .select('id, quiz_entry_id, name, email, reason, excluded_by_email, excluded_at')
    .order('excluded_at', { ascending: false })
    .limit(50)
  if (error) throw new Error(error.message)
  return data as Exclusion[]
}

export async function drawWinner(reason: string): Promise<Draw> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('draw_giveaway', { p_reason: reason })
  if (error?.code === 'PT404') throw new NoCandidatesError(error.message)
  if (error) throw new Error(error.message)
  return data as Draw
}

export async function excludeEntry(quizEntryId: number, reason: string): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.rpc('exclude_giveaway_entry', {
    p_quiz_entry_id: quizEntryId,
    p_reason: reason,
  })
  if (error) throw new Error(error.message)
}
