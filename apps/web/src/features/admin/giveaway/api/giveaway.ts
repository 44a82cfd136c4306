// The giveaway's three calls (migrations 0007 and 0009): this month's candidates (a
// security-invoker view, at most 3 per address, with how many perfect-score addresses share one),
// the draw (draw_giveaway(), random in the database, recorded for good), and the past draws.
import { getSupabase } from '../../../../lib/supabase'

export type Candidate = {
  quiz_entry_id: number
  name: string
  email: string
  created_at: string
  /** A short hash of the address the entry came from (never the address); null when unknown. */
  ip_group: string | null
  /** Perfect-score e-mail addresses this month from that address, this one included. */
  shared_ip: number
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
}

export class NoCandidatesError extends Error {}

export async function listCandidates(): Promise<Candidate[]> {
  const supabase = await getSupabase()
  const { data, error } = await supabase
    .from('giveaway_candidates')
    .select('quiz_entry_id, name, email, created_at, ip_group, shared_ip')
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
      'id, month, quiz_entry_id, winner_name, winner_email, candidate_count, drawn_by_email, drawn_at',
    )
    .order('drawn_at', { ascending: false })
    .limit(50)
  if (error) throw new Error(error.message)
  return data as Draw[]
}

export async function drawWinner(): Promise<Draw> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('draw_giveaway')
  if (error?.code === 'PT404') throw new NoCandidatesError(error.message)
  if (error) throw new Error(error.message)
  return data as Draw
}
