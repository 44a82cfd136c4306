// /admin/fan-data: a fan's data on request. The team member enters an e-mail address and sees
// what is stored about it (counts per kind and the rows), downloads that as JSON, or erases it
// after confirming. The look-up and the erasure are route actions, so the address never goes
// into a URL; the loader reads the audit log, which the router reads again after each of them.
import { useState } from 'react'
import { settle, type ReadResult } from '../../../lib/read-result'
import { FormField } from '../../../ui/form-field'
import { toast } from '../../../ui/toast'
import { adminAction, adminLoader, useAdminData } from '../shared/admin-route'
import { AdminSection } from '../shared/admin-section'
import { useAdminAction } from '../shared/use-admin-action'
import {
  deleteFanData,
  exportFanData,
  listAudit,
  type AuditEntry,
  type FanDataErased,
  type FanDataExport,
} from './api/fan-data'
import { AuditLog } from './audit-log'
import { FanDataResult, erasedTotal } from './fan-data-result'
import './fan-data.css'

export type FanDataData = { audit: ReadResult<AuditEntry[]> }

export const loader = adminLoader(async (): Promise<FanDataData> => ({
  audit: await settle('the fan data log', listAudit),
}))

export const action = adminAction({
  async lookup(payload) {
    return exportFanData(String(payload.email ?? ''))
  },
  async erase(payload) {
    try {
      return await deleteFanData(String(payload.email ?? ''))
    } catch (error) {
      toast.error(`Nothing was erased: ${(error as Error).message}`)
      throw error
    }
  },
})

export function Component() {
  const data = useAdminData<FanDataData>()
  const lookup = useAdminAction()
  const erase = useAdminAction()
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string>()
  const [shown, setShown] = useState<FanDataExport | null>(null)
  const [erased, setErased] = useState<{ address: string; rows: number } | null>(null)

  const find = async () => {
    const address = email.trim()
    if (!address) {
      setError('Enter the e-mail address the fan asked about.')
      return
    }
    setErased(null)
    const result = await lookup.run({ intent: 'lookup', email: address })
    if (result.ok) {
      setShown(result.data as FanDataExport)
    } else {
      setShown(null)
      setError(`The look-up failed: ${result.error}`)
    }
  }

  const eraseShown = async () => {
    if (!shown) return
    const result = await erase.run({ intent: 'erase', email: shown.address })
    if (!result.ok) throw new Error(result.error)
    setErased({ address: shown.address, rows: erasedTotal(result.data as FanDataErased) })
    setShown(null)
    setEmail('')
  }

  return (
    <AdminSection
      id="fan-data"
      title="Fan data"
      intro={
        <>
          Everything stored about one e-mail address, for a fan who asks to see it or to have it
          erased. Each look-up and erasure goes into the log below, which keeps a fingerprint of the
          address, never the address.
        </>
      }
    >
      <form
        className="form admin-fan-data__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void find()
        }}
      >
        <FormField label="E-mail address" required error={error}>
          {(aria) => (
            <input
              {...aria}
              type="email"
              name="email"
              autoComplete="off"
              maxLength={254}
              value={email}
              onChange={(e) => {
                setEmail(e.target.value)
                setError(undefined)
              }}
            />
          )}
        </FormField>
        <div className="admin-actions">
          <button type="submit" className="btn btn--primary" disabled={lookup.busy}>
            {lookup.busy ? 'Looking up...' : 'Look up'}
          </button>
        </div>
      </form>
      <div aria-live="polite">
        {erased && (
          <p className="admin-fan-data__erased">
            <span className="stamp stamp--teal">Erased</span> {erased.rows}{' '}
            {erased.rows === 1 ? 'row' : 'rows'} stored about {erased.address}.
          </p>
        )}
      </div>
      {shown && <FanDataResult data={shown} onErase={eraseShown} />}
      <AuditLog audit={data.audit} />
    </AdminSection>
  )
}
