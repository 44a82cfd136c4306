// "Send this newsletter": now, or at a day and time on the team member's own clocks (their time
// zone is named; the database keeps the instant). The draft's audience is said once more.
import { useState } from 'react'
import { FormField } from '../../../ui/form-field'
import { localTimeZone } from '../shared/admin-date'
import { ConfirmDialog } from '../shared/confirm-dialog'
import { zonedToInstant } from '../events/zoned-time'
import { audienceLabel, scheduleSchema, type SendRow } from './newsletter-schema'

type ScheduleDialogProps = {
  row: SendRow | null
  onClose: () => void
  /** Sends at the instant (ISO), or now when null; rejects to keep the dialog open. */
  onSchedule: (row: SendRow, at: string | null) => Promise<void>
}

export function ScheduleDialog({ row, onClose, onSchedule }: ScheduleDialogProps) {
  const zone = localTimeZone()
  const [when, setWhen] = useState<'now' | 'later'>('now')
  const [date, setDate] = useState('')
  const [time, setTime] = useState('09:00')
  const [errors, setErrors] = useState<{ date?: string; time?: string }>({})

  const confirm = async () => {
    if (!row) return
    const parsed = scheduleSchema.safeParse({ when, date, time })
    if (!parsed.success) {
      const found: { date?: string; time?: string } = {}
      for (const issue of parsed.error.issues) {
        const key = issue.path[0]
        if (key === 'date' || key === 'time') found[key] = issue.message
      }
      setErrors(found)
      throw new Error('incomplete')
    }
    const at = when === 'now' ? null : zonedToInstant({ date, time }, zone)
    if (at !== null && Date.parse(at) <= Date.now()) {
      setErrors({ time: 'That time has passed: choose a later one, or Now.' })
      throw new Error('past')
    }
    setErrors({})
    await onSchedule(row, at)
  }

  return (
    <ConfirmDialog
      open={row !== null}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      title="Send this newsletter?"
      description={
        row
          ? `“${row.subject}” goes to the ${audienceLabel(row.audience).toLowerCase()}: every confirmed address, at most ${row.per_minute.toLocaleString('en-US')} mails a minute.`
          : ''
      }
      confirmLabel={when === 'now' ? 'Send now' : 'Schedule'}
      busyLabel="Sending..."
      onConfirm={confirm}
    >
      <fieldset className="admin-fieldset">
        <legend>When</legend>
        <label className="admin-check">
          <input
            type="radio"
            name="when"
            checked={when === 'now'}
            onChange={() => setWhen('now')}
          />
          Now
        </label>
        <label className="admin-check">
          <input
            type="radio"
            name="when"
            checked={when === 'later'}
            onChange={() => setWhen('later')}
          />
          At a time
        </label>
      </fieldset>
      {when === 'later' && (
        <>
          <p className="admin-muted">Times are in your time zone: {zone}.</p>
          <FormField label="Day" required error={errors.date}>
            {(aria) => (
              <input {...aria} type="date" value={date} onChange={(e) => setDate(e.target.value)} />
            )}
          </FormField>
          <FormField label={`Time (${zone})`} required error={errors.time}>
            {(aria) => (
              <input {...aria} type="time" value={time} onChange={(e) => setTime(e.target.value)} />
            )}
          </FormField>
        </>
      )}
    </ConfirmDialog>
  )
}
