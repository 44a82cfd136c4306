// The console's reads and writes of newsletters, as the signed-in admin: drafts through the
// table (RLS admits admins, and only drafts), the rest through the functions of migration 0031.
import { getSupabase } from '../../../../lib/supabase'
import {
  DELIVERY_STATES,
  type DeliveryCounts,
  type DeliveryState,
  type NewsletterValues,
  type SendRow,
} from '../newsletter-schema'

export const RECIPIENTS_SHOWN = 200

type ProgressRow = { send_id: number } & Record<DeliveryState, number | string>

function countsOf(row: ProgressRow | undefined): DeliveryCounts {
  return Object.fromEntries(
    DELIVERY_STATES.map((s) => [s, Number(row?.[s] ?? 0)]),
  ) as DeliveryCounts
}

/** Every send, newest first, with its delivery counts. */
export async function listSends(): Promise<SendRow[]> {
  const supabase = await getSupabase()
  const [sends, progress] = await Promise.all([
    supabase
      .from('newsletter_sends')
      .select(
        'id, subject, body_markdown, audience, per_minute, state, send_at, created_at, recipient_count',
      )
      .order('id', { ascending: false })
      .limit(100),
    supabase.from('newsletter_send_progress').select('*'),
  ])
  if (sends.error) throw new Error(sends.error.message)
  if (progress.error) throw new Error(progress.error.message)
  const byId = new Map((progress.data as ProgressRow[]).map((p) => [p.send_id, p]))
  return (sends.data as Omit<SendRow, 'counts'>[]).map((s) => ({
    ...s,
    counts: countsOf(byId.get(s.id)),
  }))
}

export type Recipient = {
  id: number
  address: string
  state: DeliveryState
  sent_at: string | null
  error: string | null
}

/** One send's recipients (the first RECIPIENTS_SHOWN, in the order they go out) and how many. */
export async function listRecipients(
  sendId: number,
): Promise<{ rows: Recipient[]; total: number }> {
  const supabase = await getSupabase()
  const { data, error, count } = await supabase
    .from('newsletter_deliveries')
    .select('id, address, state, sent_at, error', { count: 'exact' })
    .eq('send_id', sendId)
    .order('id', { ascending: true })
    .limit(RECIPIENTS_SHOWN)
  if (error) throw new Error(error.message)
  return { rows: data as Recipient[], total: count ?? 0 }
}

/** Adds a draft (id undefined) or changes one; a draft that has gone out meanwhile is reported. */
export async function saveDraft(values: NewsletterValues, id?: number): Promise<number> {
  const supabase = await getSupabase()
  const query =
    id === undefined
      ? supabase.from('newsletter_sends').insert(values).select('id')
      : supabase.from('newsletter_sends').update(values).eq('id', id).select('id')
  const { data, error } = await query
  if (error) throw new Error(error.message)
  if (!data || data.length === 0)
    throw new Error('That draft has been sent or cancelled meanwhile.')
  return (data[0] as { id: number }).id
}

/** Queues a test of the send to the signed-in admin's own address; resolves with the address. */
export async function sendTestMail(id: number): Promise<string> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('send_newsletter_test', { p_send: id })
  if (error) throw new Error(error.message)
  return data as string
}

/** Sends a draft at `at` (ISO), or now when null. */
export async function scheduleSend(id: number, at: string | null): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.rpc(
    'schedule_newsletter_send',
    at === null ? { p_send: id } : { p_send: id, p_at: at },
  )
  if (error) throw new Error(error.message)
}

/** Stops a send: nothing not yet handed to the mail server goes out. */
export async function cancelSend(id: number): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.rpc('cancel_newsletter_send', { p_send: id })
  if (error) throw new Error(error.message)
}
