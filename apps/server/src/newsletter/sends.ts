// The newsletter's task list, and scheduling and cancelling a send on the queue's (admin)
// connection, for the server's own use and its tests. The console does the same through the API
// as the admin (rpc/schedule_newsletter_send, rpc/cancel_newsletter_send, migration 0031).
import type { Pool } from 'pg'
import type { TaskList } from 'graphile-worker'
import { withTransaction } from '../db/transaction.js'
import { confirmTask, deliverTask, fanoutTask, testTask, type NewsletterTaskDeps } from './tasks.js'

export function newsletterTasks(deps: NewsletterTaskDeps): TaskList {
  return {
    newsletter_confirm: (payload) => confirmTask(deps, payload),
    newsletter_fanout: (payload) => fanoutTask(deps, payload),
    newsletter_deliver: (payload) => deliverTask(deps, payload),
    newsletter_test: (payload) => testTask(deps, payload),
  }
}

/** A draft goes out at `at` (now if in the past). False when it is no draft (any more). */
export async function scheduleSend(pool: Pool, sendId: string, at: Date): Promise<boolean> {
  return withTransaction(pool, async (c) => {
    const { rowCount } = await c.query(
      `update public.newsletter_sends set state = 'scheduled', send_at = $2
        where id = $1 and state = 'draft'`,
      [sendId, at],
    )
    if (!rowCount) return false
    await c.query(
      `select graphile_worker.add_job('newsletter_fanout',
                pg_catalog.json_build_object('send', $1::bigint), run_at => $2,
                max_attempts => 10, job_key => 'newsletter_fanout:' || $1)`,
      [sendId, at],
    )
    return true
  })
}

/** Stops a send: nothing not yet handed to SMTP goes out. False when it was already cancelled. */
export async function cancelSend(pool: Pool, sendId: string): Promise<boolean> {
  return withTransaction(pool, async (c) => {
    const { rowCount } = await c.query(
      `update public.newsletter_sends set state = 'cancelled', cancelled_at = now()
        where id = $1 and state <> 'cancelled'`,
      [sendId],
    )
    if (!rowCount) return false
    await c.query(
      `update public.newsletter_deliveries set state = 'cancelled'
        where send_id = $1 and state = 'queued'`,
      [sendId],
    )
    return true
  })
}
