// The newsletter's jobs (graphile-worker tasks, queue/worker.ts):
//
// - newsletter_confirm {list, id}: queued by the sign-up's own insert (migration 0031); mails the
//   double opt-in link, unless the address is already confirmed on that list. Without SMTP it
//   does nothing: nothing is mailed.
// - newsletter_fanout {send}: queued when a send is scheduled, to run at its time; in one
//   transaction writes a delivery row per confirmed address of the audience (unique per send and
//   address), marks the suppressed ones, and queues one newsletter_deliver job per recipient with
//   the job key `newsletter:<send>:<delivery>`, spread out in time by the send's throttle. It
//   renders the send's Markdown into the mail's HTML and text parts (@rent-due/mail-markdown, as
//   the console's preview does) and stores them on the send: every delivery sends those.
// - newsletter_test {send, to}: queued by rpc/send_newsletter_test; the send's mail as it is now,
//   marked as a test, to the admin who asked (their own address, from their token).
// - newsletter_deliver {delivery}: one recipient. Records 'sending' (and the attempt) before the
//   mail goes to SMTP and 'sent' right after the server's 250, so a process killed in between
//   leaves a 'sending' row whose job another process runs again; see decision 383 for the one
//   window this cannot close, and why a mail sent twice carries the same Message-ID.
import { renderMailMarkdown } from '@rent-due/mail-markdown/render'
import type { Pool, PoolClient } from 'pg'
import { withTransaction } from '../db/transaction.js'
import {
  confirmationMail,
  newsletterMail,
  permanentRefusal,
  refusalText,
  type NewsletterTransport,
} from './mail.js'
import {
  confirmUrl,
  SIGNUP_LISTS,
  unsubscribeUrl,
  type LinkSigner,
  type SignupList,
} from './tokens.js'

export interface NewsletterTaskDeps {
  /** A pool on the queue's own connection (the admin user): these jobs are the server's own. */
  pool: Pool
  siteUrl: string
  signer: LinkSigner
  /** Undefined without SMTP_HOST. */
  transport: NewsletterTransport | undefined
}

const isId = (v: unknown): v is string | number =>
  (typeof v === 'number' && Number.isSafeInteger(v) && v > 0) ||
  (typeof v === 'string' && /^[1-9][0-9]{0,17}$/.test(v))

const SIGNUP_ROW: Record<SignupList, string> = {
  fan_club_signups:
    'select id::text, email, confirmed_at is not null as confirmed from public.fan_club_signups where id = $1',
  merch_waitlist:
    'select id::text, email, confirmed_at is not null as confirmed from public.merch_waitlist where id = $1',
}
const ALREADY_CONFIRMED: Record<SignupList, string> = {
  fan_club_signups: `update public.fan_club_signups set confirmed_at = now()
     where id = $1 and exists (select 1 from public.fan_club_signups o
       where lower(o.email) = lower($2) and o.confirmed_at is not null)`,
  merch_waitlist: `update public.merch_waitlist set confirmed_at = now()
     where id = $1 and exists (select 1 from public.merch_waitlist o
       where lower(o.email) = lower($2) and o.confirmed_at is not null)`,
}

export async function confirmTask(deps: NewsletterTaskDeps, payload: unknown): Promise<void> {
  const { list, id } = (payload ?? {}) as { list?: unknown; id?: unknown }
  if (!deps.transport) return
  if (!SIGNUP_LISTS.includes(list as SignupList) || !isId(id)) return
  const signupList = list as SignupList
  const row = await withTransaction(deps.pool, async (c) => {
    const { rows } = await c.query<{ id: string; email: string; confirmed: boolean }>(
      SIGNUP_ROW[signupList],
      [String(id)],
    )
    const found = rows[0]
    if (!found || found.confirmed) return undefined
    // A second sign-up of an address already confirmed on this list needs no second mail.
    const { rowCount } = await c.query(ALREADY_CONFIRMED[signupList], [found.id, found.email])
    return rowCount ? undefined : found
  })
  if (!row) return
  const token = deps.signer.confirmToken(signupList, row.id, row.email)
  try {
    await deps.transport.send(
      confirmationMail(signupList, row.email, confirmUrl(deps.siteUrl, signupList, row.id, token)),
    )
  } catch (e) {
    // Tried again with backoff; the queue logs this error, so it names no address and no link.
    throw new Error(`confirmation mail ${signupList}/${row.id} not accepted: ${refusalText(e)}`)
  }
}

const AUDIENCE_INSERT: Record<string, string> = {
  fan_club: `insert into public.newsletter_deliveries (send_id, address)
    select $1, a.address from (select distinct lower(email) as address
      from public.fan_club_signups where confirmed_at is not null) a
    order by a.address
    on conflict (send_id, address) do nothing`,
  merch_waitlist: `insert into public.newsletter_deliveries (send_id, address)
    select $1, a.address from (select distinct lower(email) as address
      from public.merch_waitlist where confirmed_at is not null) a
    order by a.address
    on conflict (send_id, address) do nothing`,
}

export async function fanoutTask(deps: NewsletterTaskDeps, payload: unknown): Promise<void> {
  const { send } = (payload ?? {}) as { send?: unknown }
  if (!isId(send)) return
  await withTransaction(deps.pool, async (c) => {
    const { rows } = await c.query<{ state: string; audience: string; body_markdown: string }>(
      'select state, audience, body_markdown from public.newsletter_sends where id = $1 for update',
      [String(send)],
    )
    const s = rows[0]
    if (!s || s.state !== 'scheduled') return
    const insert = AUDIENCE_INSERT[s.audience]
    if (!insert) return
    await c.query(insert, [String(send)])
    await c.query(
      `update public.newsletter_deliveries d set state = 'suppressed'
        where d.send_id = $1 and d.state = 'queued'
          and exists (select 1 from public.newsletter_suppressions x where x.address = d.address)`,
      [String(send)],
    )
    // One job per recipient, spread by the throttle: the n-th is due (n - 1) * 60 / per_minute
    // seconds after the start, whichever process runs it. One add_jobs call for the whole audience.
    await c.query(
      `select count(*) from graphile_worker.add_jobs(array(
         select row('newsletter_deliver',
                    pg_catalog.json_build_object('delivery', q.id),
                    null,
                    pg_catalog.now()
                      + pg_catalog.make_interval(secs => (q.n - 1) * 60.0 / q.per_minute),
                    10,
                    'newsletter:' || q.send_id || ':' || q.id,
                    null,
                    null)::graphile_worker.job_spec
           from (select d.id, d.send_id, s.per_minute,
                        pg_catalog.row_number() over (order by d.id) as n
                   from public.newsletter_deliveries d
                   join public.newsletter_sends s on s.id = d.send_id
                  where d.send_id = $1 and d.state = 'queued') q))`,
      [String(send)],
    )
    const body = renderMailMarkdown(s.body_markdown)
    await c.query(
      `update public.newsletter_sends
          set state = 'sending', started_at = now(), body_html = $2, body_text = $3,
              recipient_count = (select count(*) from public.newsletter_deliveries where send_id = $1)
        where id = $1`,
      [String(send), body.html, body.text],
    )
  })
}

interface Claim {
  id: string
  send_id: string
  address: string
  subject: string
  body_html: string
  body_text: string
}

/** Takes the delivery for this attempt, or says why there is nothing to send. */
async function claimDelivery(c: PoolClient, delivery: string): Promise<Claim | undefined> {
  const { rows } = await c.query<
    Claim & { state: string; send_state: string; suppressed: boolean }
  >(
    `select d.id::text, d.send_id::text, d.address, d.state, s.state as send_state,
            s.subject, s.body_html, s.body_text,
            exists (select 1 from public.newsletter_suppressions x where x.address = d.address)
              as suppressed
       from public.newsletter_deliveries d
       join public.newsletter_sends s on s.id = d.send_id
      where d.id = $1
        for update of d`,
    [delivery],
  )
  const row = rows[0]
  // Sent, suppressed, cancelled or failed for good: this job has nothing left to do.
  if (!row || (row.state !== 'queued' && row.state !== 'sending')) return undefined
  if (row.send_state === 'cancelled' || row.suppressed) {
    await c.query('update public.newsletter_deliveries set state = $2 where id = $1', [
      delivery,
      row.send_state === 'cancelled' ? 'cancelled' : 'suppressed',
    ])
    return undefined
  }
  // 'sending' here means an earlier attempt was cut off between its mark and its result: the
  // SMTP server may or may not have the mail. It goes again with the same Message-ID.
  await c.query(
    `update public.newsletter_deliveries
        set state = 'sending', attempts = attempts + 1, started_at = now()
      where id = $1`,
    [delivery],
  )
  return row
}

export async function deliverTask(deps: NewsletterTaskDeps, payload: unknown): Promise<void> {
  const { delivery } = (payload ?? {}) as { delivery?: unknown }
  if (!isId(delivery)) return
  const id = String(delivery)
  const claim = await withTransaction(deps.pool, (c) => claimDelivery(c, id))
  if (!claim) return
  if (!deps.transport) {
    await deps.pool.query(
      `update public.newsletter_deliveries set state = 'failed', error = $2 where id = $1`,
      [id, 'SMTP is not configured'],
    )
    return
  }
  const link = unsubscribeUrl(deps.siteUrl, id, deps.signer.unsubscribeToken(id, claim.address))
  try {
    await deps.transport.send(
      newsletterMail(
        deps.siteUrl,
        {
          sendId: claim.send_id,
          subject: claim.subject,
          html: claim.body_html,
          text: claim.body_text,
        },
        { id, address: claim.address },
        link,
      ),
    )
  } catch (e) {
    // Refused: the server did not take the mail, so the row can say so for certain.
    const permanent = permanentRefusal(e)
    await deps.pool.query(
      'update public.newsletter_deliveries set state = $2, error = $3 where id = $1',
      [id, permanent ? 'failed' : 'queued', refusalText(e)],
    )
    // A temporary refusal (4xx, no connection) is tried again with graphile-worker's backoff.
    if (!permanent) throw new Error(`delivery ${id} was not accepted: ${refusalText(e)}`)
    return
  }
  await deps.pool.query(
    `update public.newsletter_deliveries set state = 'sent', sent_at = now(), error = null
      where id = $1`,
    [id],
  )
}

const TEST_NOTE =
  'This is a test of a Rent Due newsletter, sent only to you. Fans get it with a link to ' +
  'unsubscribe in one click.'

export async function testTask(deps: NewsletterTaskDeps, payload: unknown): Promise<void> {
  const { send, to } = (payload ?? {}) as { send?: unknown; to?: unknown }
  if (!isId(send) || typeof to !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(to)) return
  if (!deps.transport) return
  const { rows } = await deps.pool.query<{ subject: string; body_markdown: string }>(
    'select subject, body_markdown from public.newsletter_sends where id = $1',
    [String(send)],
  )
  const row = rows[0]
  if (!row) return
  const body = renderMailMarkdown(row.body_markdown)
  try {
    await deps.transport.send({
      to,
      subject: `[Test] ${row.subject}`,
      text: `${TEST_NOTE}\n\n${body.text}\n`,
      html: `<p style="font-size:12px;color:#555">${TEST_NOTE}</p><hr>${body.html}`,
    })
  } catch (e) {
    // Retried with the queue's backoff; the error names the send, never the address.
    throw new Error(`the test mail of send ${String(send)} was not accepted: ${refusalText(e)}`)
  }
}
