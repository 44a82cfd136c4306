// A fan's data on request (migration 0032): everything stored about one e-mail address, as the
// database finds it (trimmed, in any case), and its erasure; both are admin-only functions that
// write the audit log themselves. The log holds the address's sha256 key, never the address.
import { getSupabase } from '../../../../lib/supabase'

export const FAN_DATA_KINDS = {
  fan_club_signups: 'Fan club sign-ups',
  merch_waitlist: 'Merch waitlist',
  audience_signups: 'Q&A sign-ups',
  contact_submissions: 'Contact messages',
  team_applications: 'Team applications',
  quiz_entries: 'Quiz entries (giveaway)',
  quiz_runs: 'Quiz runs',
  giveaway_draws: 'Giveaway wins',
  giveaway_exclusions: 'Giveaway exclusions',
  newsletter_deliveries: 'Newsletter mails',
  newsletter_suppressions: 'Newsletter unsubscribe',
} as const

export type FanDataKind = keyof typeof FAN_DATA_KINDS

export type StoredRow = Record<string, unknown>

export type FanDataExport = {
  address: string
  exported_at: string
  kinds: FanDataKind[]
  counts: Record<FanDataKind, number>
  rows: Record<FanDataKind, StoredRow[]>
}

/** How many rows of each kind an erasure removed; newsletter_suppressions counts the one kept. */
export type FanDataErased = Record<FanDataKind, number>

export type AuditEntry = {
  id: number
  action: 'export' | 'delete'
  address_key: string
  row_count: number
  done_by_email: string | null
  done_at: string
}

export async function exportFanData(email: string): Promise<FanDataExport> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('fan_data_export', { p_email: email })
  if (error) throw new Error(error.message)
  return data as FanDataExport
}

export async function deleteFanData(email: string): Promise<FanDataErased> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('fan_data_delete', { p_email: email })
  if (error) throw new Error(error.message)
  return data as FanDataErased
}

export async function listAudit(): Promise<AuditEntry[]> {
  const supabase = await getSupabase()
  const { data, error } = await supabase
    .from('fan_data_audit')
    .select('id, action, address_key, row_count, done_by_email, done_at')
    .order('done_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(100)
  if (error) throw new Error(error.message)
  return data as AuditEntry[]
}
