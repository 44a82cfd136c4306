// /admin/giveaway: this month's perfect quiz scores (one per e-mail, the earliest), a 'Draw a
// winner' button (the database picks at random and records who drew, when and which entry), and
// the past draws.
import { useCallback, useEffect, useState } from 'react'
import { LoadingState } from '../../../ui/loading-state'
import { toast } from '../../../ui/toast'
import { formatAdminTime } from '../shared/admin-date'
import { AdminTableScroll } from '../shared/admin-table-scroll'
import {
  drawWinner,
  listCandidates,
  listDraws,
  NoCandidatesError,
  type Candidate,
  type Draw,
} from './api/giveaway'
import { AdminSection } from '../shared/admin-section'

const MONTH = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })

export function AdminGiveaway() {
  const [candidates, setCandidates] = useState<Candidate[] | 'failed'>()
  const [draws, setDraws] = useState<Draw[] | 'failed'>()
  const [winner, setWinner] = useState<Draw | null>(null)
  const [drawing, setDrawing] = useState(false)

  const load = useCallback(() => {
    const fail = (what: string, set: (v: 'failed') => void) => (error: unknown) => {
      console.error(`Loading ${what} failed`, error)
      set('failed')
    }
    listCandidates().then(setCandidates, fail('candidates', setCandidates))
    listDraws().then(setDraws, fail('draws', setDraws))
  }, [])

  useEffect(load, [load])

  const draw = async () => {
    setDrawing(true)
    try {
      const result = await drawWinner()
      setWinner(result)
      load()
    } catch (error) {
      if (error instanceof NoCandidatesError) toast.error('No perfect scores this month.')
      else {
        console.error('The draw failed', error)
        toast.error('The draw failed. Try again.')
      }
    } finally {
      setDrawing(false)
    }
  }

  const month = MONTH.format(new Date())
  return (
    <AdminSection
      id="giveaway"
      title="Giveaway"
      intro={
        <>
          Perfect scores (10 of 10) in the fan quiz in {month} (UTC), one entry per e-mail address:
          the earliest.
        </>
      }
    >
      <div className="admin-draw">
        <button
          type="button"
          className="btn btn--primary btn--large"
          disabled={drawing || !Array.isArray(candidates) || candidates.length === 0}
          onClick={() => void draw()}
        >
          {drawing ? 'Drawing...' : 'Draw a winner'}
        </button>
        <div aria-live="polite">
          {winner && (
            <p className="admin-winner">
              <span className="stamp stamp--teal">Winner</span> {winner.winner_name} (
              {winner.winner_email}), drawn from {winner.candidate_count}{' '}
              {winner.candidate_count === 1 ? 'entry' : 'entries'}.
            </p>
          )}
        </div>
      </div>

      <h3 className="admin-subtitle">Candidates this month</h3>
      {!candidates ? (
        <LoadingState label="Loading candidates..." />
      ) : candidates === 'failed' ? (
        <p className="admin-error" role="alert">
          The candidates could not be loaded.
        </p>
      ) : candidates.length === 0 ? (
        <p className="admin-empty">No perfect scores this month yet.</p>
      ) : (
        <AdminTableScroll label={'Candidates'}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Scored</th>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Same address</th>
              </tr>
            </thead>
            <tbody>
              {candidates.map((c) => (
                <tr key={c.quiz_entry_id}>
                  <td>{formatAdminTime(c.created_at)}</td>
                  <td>{c.name}</td>
                  <td>{c.email}</td>
                  <td>{sharedAddress(c)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </AdminTableScroll>
      )}

      <h3 className="admin-subtitle">Past draws</h3>
      {!draws ? (
        <LoadingState label="Loading draws..." />
      ) : draws === 'failed' ? (
        <p className="admin-error" role="alert">
          The past draws could not be loaded.
        </p>
      ) : draws.length === 0 ? (
        <p className="admin-empty">No draws yet.</p>
      ) : (
        <AdminTableScroll label={'Past draws'}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Drawn</th>
                <th scope="col">Winner</th>
                <th scope="col">Email</th>
                <th scope="col">Entries</th>
                <th scope="col">Drawn by</th>
              </tr>
            </thead>
            <tbody>
              {draws.map((d) => (
                <tr key={d.id}>
                  <td>{formatAdminTime(d.drawn_at)}</td>
                  <td>{d.winner_name}</td>
                  <td>{d.winner_email}</td>
                  <td>{d.candidate_count}</td>
                  <td>{d.drawn_by_email ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </AdminTableScroll>
      )}
    </AdminSection>
  )
}

/**
 * How many perfect-score e-mail addresses came from this entry's address this month: a farm shows
 * as a high count sharing one group. The group is a short hash; the address is never stored.
 */
function sharedAddress(c: Candidate): string {
  if (c.ip_group === null) return 'unknown'
  return c.shared_ip === 1 ? 'only this one' : `${c.shared_ip} e-mails (group ${c.ip_group})`
}
