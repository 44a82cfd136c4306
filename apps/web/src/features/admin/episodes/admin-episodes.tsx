// /admin/episodes: the episodes table the Episodes page and Home read (by number): edit, add and
// delete. RLS admits admins only; the site shows a change on its next load.
import { useEffect, useRef, useState } from 'react'
import { LoadingState } from '../../../ui/loading-state'
import { toast } from '../../../ui/toast'
import { ConfirmDeleteDialog } from '../shared/confirm-delete-dialog'
import { deleteEpisode } from './api/delete-episode'
import { listEpisodes } from './api/list-episodes'
import { EpisodeEditor } from './episode-editor'
import type { EpisodeRow } from './episode-schema'
import { AdminSection } from '../shared/admin-section'
import '../news/admin-content.css'
import './admin-episodes.css'

export function AdminEpisodes() {
  const [episodes, setEpisodes] = useState<EpisodeRow[] | 'failed'>()
  const [editing, setEditing] = useState<EpisodeRow | null>(null)
  const [version, setVersion] = useState(0)
  const listHeading = useRef<HTMLHeadingElement>(null)
  const reload = () => setVersion((v) => v + 1)

  useEffect(() => {
    let live = true
    listEpisodes().then(
      (rows) => live && setEpisodes(rows),
      (error: unknown) => {
        console.error('Loading episodes failed', error)
        if (live) setEpisodes('failed')
      },
    )
    return () => {
      live = false
    }
  }, [version])

  const rows = Array.isArray(episodes) ? episodes : []
  const nextNumber = Math.min(9999, rows.reduce((max, e) => Math.max(max, e.episode_number), 0) + 1)

  const remove = async (row: EpisodeRow) => {
    try {
      await deleteEpisode(row.id)
    } catch (error) {
      toast.error(`The episode was not deleted: ${(error as Error).message}`)
      throw error
    }
    toast.success('Episode deleted', row.title)
    if (editing?.id === row.id) setEditing(null)
    listHeading.current?.focus()
    reload()
  }

  return (
    <AdminSection
      id="episodes"
      title="Episodes"
      className="admin-content"
      intro={
        <>
          The episodes on the Episodes page and Home, by number. The site shows a change on its next
          page load.
        </>
      }
    >
      <section className="admin-content__part" aria-labelledby="episode-list-heading">
        <h3 id="episode-list-heading" ref={listHeading} tabIndex={-1} className="admin-subtitle">
          Episodes{Array.isArray(episodes) ? ` (${episodes.length})` : ''}
        </h3>
        {!episodes && <LoadingState label="Loading episodes..." />}
        {episodes === 'failed' && (
          <p className="admin-error" role="alert">
            The episodes could not be loaded.{' '}
            <button type="button" className="admin-link" onClick={reload}>
              Try again
            </button>
          </p>
        )}
        {Array.isArray(episodes) && episodes.length === 0 && (
          <p className="admin-empty">No episodes yet. Add the first one below.</p>
        )}
        {rows.length > 0 && (
          <ul className="admin-list" aria-label="Episodes">
            {rows.map((row) => (
              <li key={row.id} className="admin-list__item episode-item">
                <div className="admin-list__main">
                  <p className="admin-list__meta">EP {row.episode_number}</p>
                  <p className="admin-list__title">{row.title}</p>
                  <p className="admin-list__text">{row.synopsis}</p>
                  <p className="episode-item__link">
                    <span className="admin-visually-hidden">Video: </span>
                    {row.video_url}
                  </p>
                </div>
                <div className="admin-list__actions">
                  <button
                    type="button"
                    className="btn btn--secondary admin-btn--small"
                    aria-label={`Edit episode ${row.episode_number}, ${row.title}`}
                    onClick={() => setEditing(row)}
                  >
                    Edit
                  </button>
                  <ConfirmDeleteDialog
                    title="Delete this episode?"
                    description={`Episode ${row.episode_number}, “${row.title}”, will be removed from the site.`}
                    onConfirm={() => remove(row)}
                    trigger={
                      <button
                        type="button"
                        className="btn btn--secondary admin-btn--small"
                        aria-label={`Delete episode ${row.episode_number}, ${row.title}`}
                      >
                        Delete
                      </button>
                    }
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <EpisodeEditor
        editing={editing}
        nextNumber={nextNumber}
        onSaved={() => {
          setEditing(null)
          reload()
        }}
        onCancelEdit={() => setEditing(null)}
      />
    </AdminSection>
  )
}
