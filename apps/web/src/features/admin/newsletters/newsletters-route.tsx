// /admin/newsletters: the team writes to its fans. Write a draft in Markdown with its preview as
// the fans will see it, mail a test of it to yourself, choose who gets it and how fast, send it
// now or at a time in your own time zone, watch each recipient's state (?send=<id>, refreshed
// while mails are still to go out) and cancel. Rights come from the admin's token: RLS and the
// functions of migration 0031 admit admins only; the server's job queue does the sending.
import { useEffect, useState } from 'react'
import { useRevalidator, useSearchParams } from 'react-router'
import { settle, type ReadResult } from '../../../lib/read-result'
import { toast } from '../../../ui/toast'
import { formatAdminTime } from '../shared/admin-date'
import { AdminListPart } from '../shared/admin-list'
import { adminAction, adminLoader, useAdminData } from '../shared/admin-route'
import { AdminSection } from '../shared/admin-section'
import { ConfirmDialog } from '../shared/confirm-dialog'
import { RowActions, type RowAction } from '../shared/row-actions'
import { useAdminAction } from '../shared/use-admin-action'
import { useListEditing } from '../shared/use-list-editing'
import {
  cancelSend,
  listRecipients,
  listSends,
  saveDraft,
  scheduleSend,
  sendTestMail,
  type Recipient,
} from './api/newsletters'
import { NewsletterEditor } from './newsletter-editor'
import {
  audienceLabel,
  isUnderway,
  sendStatus,
  type NewsletterValues,
  type SendRow,
} from './newsletter-schema'
import { ScheduleDialog } from './schedule-dialog'
import { SendProgress } from './send-progress'
import '../news/admin-content.css'
import './newsletters.css'

/** How often the view reads a send's progress again while mails are still to go out. */
export const PROGRESS_REFRESH_MS = 2000

type NewslettersData = {
  sends: ReadResult<SendRow[]>
  /** The send whose progress is shown (?send=), and its recipients; null when none is. */
  shown: { id: number; recipients: { rows: Recipient[]; total: number } | null } | null
}

function shownId(url: string): number | null {
  const n = Number(new URL(url).searchParams.get('send'))
  return Number.isSafeInteger(n) && n > 0 ? n : null
}

export const loader = adminLoader(async ({ request }): Promise<NewslettersData> => {
  const id = shownId(request.url)
  const [sends, recipients] = await Promise.all([
    settle('the newsletters', listSends),
    id === null ? null : settle('the recipients', () => listRecipients(id)),
  ])
  return {
    sends,
    shown:
      id === null
        ? null
        : { id, recipients: recipients?.status === 'ready' ? recipients.data : null },
  }
})

/** Runs a write and says how it went (a toast either way; a failure is thrown on). */
async function announce<T>(doing: string, write: () => Promise<T>, done: (made: T) => void) {
  let made: T
  try {
    made = await write()
  } catch (error) {
    toast.error(`${doing}: ${(error as Error).message}`)
    throw error
  }
  done(made)
  return made
}

export const action = adminAction({
  save: (p) => {
    const values = p.values as NewsletterValues
    const id = typeof p.id === 'number' ? p.id : undefined
    return announce(
      'The draft was not saved',
      () => saveDraft(values, id),
      () => toast.success(id === undefined ? 'Draft saved' : 'Saved', values.subject),
    )
  },
  test: (p) =>
    announce(
      'The test was not sent',
      () => sendTestMail(Number(p.id)),
      (to) => toast.success('Test on its way', `To ${to}`),
    ),
  schedule: (p) => {
    const at = typeof p.at === 'string' ? p.at : null
    return announce(
      'The newsletter was not sent',
      () => scheduleSend(Number(p.id), at),
      () =>
        toast.success(
          at === null ? 'Sending' : `Scheduled for ${formatAdminTime(at)}`,
          String(p.subject),
        ),
    )
  },
  cancel: (p) =>
    announce(
      'The send was not cancelled',
      () => cancelSend(Number(p.id)),
      () => toast.success('Cancelled', String(p.subject)),
    ),
})

/** Reads the view again a few seconds after each read while `active`, through the router. */
function useRefreshWhile(active: boolean) {
  const { revalidate, state } = useRevalidator()
  useEffect(() => {
    if (!active || state !== 'idle') return
    const timer = setTimeout(() => void revalidate(), PROGRESS_REFRESH_MS)
    return () => clearTimeout(timer)
  }, [active, state, revalidate])
}

export function Component() {
  const { sends, shown } = useAdminData<NewslettersData>()
  const [, setParams] = useSearchParams()
  const rows = sends.status === 'ready' ? sends.data : []
  const { editing, setEditing, listHeading, save } = useListEditing<SendRow, NewsletterValues>({
    names: (row) => ({ subject: row.subject }),
  })
  const write = useAdminAction()
  const [scheduling, setScheduling] = useState<SendRow | null>(null)
  const [cancelling, setCancelling] = useState<SendRow | null>(null)
  const shownRow = shown ? rows.find((r) => r.id === shown.id) : undefined
  // The sends and the recipients are two reads: the counts may already say done while the list,
  // read a moment before, still shows a mail on its way. Both are read again until neither does.
  const listed = shown?.recipients?.rows ?? []
  useRefreshWhile(
    rows.some(isUnderway) || listed.some((r) => r.state === 'queued' || r.state === 'sending'),
  )

  const showProgress = (row: SendRow) => setParams({ send: String(row.id) })
  const actionsOf = (row: SendRow): RowAction[] => {
    const name = `“${row.subject}”`
    const actions: RowAction[] = []
    if (row.state === 'draft') {
      actions.push(
        { label: 'Edit', name: `Edit ${name}`, onSelect: () => setEditing(row) },
        {
          label: 'Send a test to me',
          name: `Send a test of ${name} to me`,
          disabled: write.busy,
          onSelect: () => void write.run({ intent: 'test', id: row.id }),
        },
        { label: 'Send…', name: `Send ${name}`, onSelect: () => setScheduling(row) },
      )
    } else {
      actions.push({
        label: 'Progress',
        name: `Progress of ${name}`,
        onSelect: () => showProgress(row),
      })
    }
    if (row.state === 'scheduled' || (row.state === 'sending' && isUnderway(row))) {
      actions.push({
        label: 'Cancel send',
        name: `Cancel ${name}`,
        onSelect: () => setCancelling(row),
      })
    }
    return actions
  }

  return (
    <AdminSection
      id="newsletters"
      title="Newsletters"
      className="admin-content"
      intro="Mail the fan club or the merch waitlist. Only confirmed addresses get it, each mail has a one-click unsubscribe, and nobody who left is mailed again."
    >
      {shownRow && shown && (
        <SendProgress row={shownRow} recipients={shown.recipients} onClose={() => setParams({})} />
      )}
      <NewsletterEditor editing={editing} onSave={save} onCancelEdit={() => setEditing(null)} />
      <AdminListPart
        headingId="newsletter-list-heading"
        headingRef={listHeading}
        heading={`Newsletters${sends.status === 'ready' ? ` (${rows.length})` : ''}`}
        failed={sends.status === 'ready' ? null : 'The newsletters'}
        empty={<p className="admin-empty">No newsletters yet. Write the first one above.</p>}
        listLabel="Newsletters"
        rows={rows.map((row) => (
          <li key={row.id} className="admin-list__item">
            <div className="admin-list__main">
              <p className="admin-list__meta">
                <span className="admin-badge">{sendStatus(row)}</span>{' '}
                {row.state === 'scheduled' && row.send_at
                  ? `for ${formatAdminTime(row.send_at)}`
                  : formatAdminTime(row.created_at)}
              </p>
              <p className="admin-list__title">{row.subject}</p>
              <p className="admin-list__text">
                To the {audienceLabel(row.audience).toLowerCase()} ·{' '}
                {row.per_minute.toLocaleString('en-US')} a minute
                {row.state !== 'draft' &&
                  ` · ${row.counts.sent} sent, ${row.counts.queued + row.counts.sending} to go, ${row.counts.failed} failed, ${row.counts.suppressed} unsubscribed`}
              </p>
            </div>
            <RowActions label={`Actions for “${row.subject}”`} actions={actionsOf(row)} />
          </li>
        ))}
      />
      <ScheduleDialog
        row={scheduling}
        onClose={() => setScheduling(null)}
        onSchedule={async (row, at) => {
          const result = await write.run({
            intent: 'schedule',
            id: row.id,
            at,
            subject: row.subject,
          })
          if (!result.ok) throw new Error(result.error)
          showProgress(row)
        }}
      />
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => {
          if (!open) setCancelling(null)
        }}
        title="Cancel this send?"
        description={
          cancelling
            ? `No more mails of “${cancelling.subject}” go out; those already sent stay sent.`
            : ''
        }
        confirmLabel="Cancel send"
        busyLabel="Cancelling..."
        onConfirm={async () => {
          if (!cancelling) return
          const result = await write.run({
            intent: 'cancel',
            id: cancelling.id,
            subject: cancelling.subject,
          })
          if (!result.ok) throw new Error(result.error)
        }}
      />
    </AdminSection>
  )
}
