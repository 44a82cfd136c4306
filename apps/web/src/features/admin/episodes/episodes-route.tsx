// /admin/episodes: the episodes the Episodes page and Home read (by number): edit, add and
// delete, their videos and thumbnails picked from the media library. RLS admits admins only;
// the site shows a change on its next load.
import { useRef, useState } from 'react'
import { useRevalidator } from 'react-router'
import { settle, type ReadResult } from '../../../lib/read-result'
import { toast } from '../../../ui/toast'
import { adminAction, adminLoader, useAdminData } from '../shared/admin-route'
import { AdminSection } from '../shared/admin-section'
import { ConfirmDialog } from '../shared/confirm-dialog'
import { RowActions } from '../shared/row-actions'
import { useAdminAction } from '../shared/use-admin-action'
import { deleteEpisode } from './api/delete-episode'
import { listEpisodes } from './api/list-episodes'
import { listLibrary, type Library } from './api/list-library'
import { saveEpisode } from './api/save-episode'
import { EpisodeEditor } from './episode-editor'
import { VIDEO_KINDS, type EpisodeRow, type EpisodeValues } from './episode-schema'
import '../news/admin-content.css'
import './admin-episodes.css'

type EpisodesData = { episodes: ReadResult<EpisodeRow[]>; library: ReadResult<Library> }

export const loader = adminLoader(async (): Promise<EpisodesData> => ({
  episodes: await settle('the episodes', listEpisodes),
  library: await settle('the media library', listLibrary),
}))

export const action = adminAction({
  async save(p) {
    const values = p.values as EpisodeValues
    const id = typeof p.id === 'number' ? p.id : undefined
    try {
      await saveEpisode(values, id)
    } catch (error) {
      toast.error(`The episode was not saved: ${(error as Error).message}`)
      throw error
    }
    toast.success(id === undefined ? 'Episode added' : 'Saved', values.title)
  },
  async delete(p) {
    try {
      await deleteEpisode(Number(p.id))
    } catch (error) {
      toast.error(`The episode was not deleted: ${(error as Error).message}`)
      throw error
    }
    toast.success('Deleted', String(p.title))
  },
})

function kindLabel(kind: string | undefined): string {
  return VIDEO_KINDS.find((k) => k.value === kind)?.label ?? 'A preview'
}

export function Component() {
  const { episodes, library } = useAdminData<EpisodesData>()
  const { revalidate } = useRevalidator()
  const [editing, setEditing] = useState<EpisodeRow | null>(null)
  const [deleting, setDeleting] = useState<EpisodeRow | null>(null)
  const listHeading = useRef<HTMLHeadingElement>(null)
  const write = useAdminAction()
  const rows = episodes.status === 'ready' ? episodes.data : []
  const nextNumber = Math.min(9999, rows.reduce((max, e) => Math.max(max, e.episode_number), 0) + 1)

  const save = async (values: EpisodeValues) => {
    const result = await write.run({ intent: 'save', values, id: editing?.id })
    if (!result.ok) return false
    setEditing(null)
    return true
  }

  const remove = async () => {
    if (!deleting) return
    const result = await write.run({ intent: 'delete', id: deleting.id, title: deleting.title })
    if (!result.ok) throw new Error(result.error)
    if (editing?.id === deleting.id) setEditing(null)
    listHeading.current?.focus()
  }

  return (
    <AdminSection
      id="episodes"
      title="Episodes"
      className="admin-content"
      intro="The episodes on the Episodes page and Home, by number. The site shows a change on its next page load."
    >
      <section className="admin-content__part" aria-labelledby="episode-list-heading">
        <h3 id="episode-list-heading" ref={listHeading} tabIndex={-1} className="admin-subtitle">
          Episodes{episodes.status === 'ready' ? ` (${rows.length})` : ''}
        </h3>
        {episodes.status !== 'ready' && (
          <p className="admin-error" role="alert">
            The episodes could not be loaded. Reload the page to try again.
          </p>
        )}
        {episodes.status === 'ready' && rows.length === 0 && (
          <p className="admin-empty">No episodes yet. Add the first one below.</p>
        )}
        {rows.length > 0 && (
          <ul className="admin-list" aria-label="Episodes">
            {rows.map((row) => (
              <li key={row.id} className="admin-list__item episode-item">
                <div className="admin-list__main">
                  <p className="admin-list__meta">
                    EP {row.episode_number}
                    <span className="admin-badge">{kindLabel(row.video_kind)}</span>
                  </p>
                  <p className="admin-list__title">{row.title}</p>
                  <p className="admin-list__text">{row.synopsis}</p>
                  <p className="episode-item__link">
                    <span className="admin-visually-hidden">Video: </span>
                    {row.video_url}
                  </p>
                </div>
                <RowActions
                  label={`Actions for episode ${row.episode_number}, ${row.title}`}
                  actions={[
                    {
                      label: 'Edit',
                      name: `Edit episode ${row.episode_number}, ${row.title}`,
                      onSelect: () => setEditing(row),
                    },
                    {
                      label: 'Delete',
                      name: `Delete episode ${row.episode_number}, ${row.title}`,
                      onSelect: () => setDeleting(row),
                    },
                  ]}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      <EpisodeEditor
        editing={editing}
        nextNumber={nextNumber}
        library={library.status === 'ready' ? library.data : null}
        onSave={save}
        onCancelEdit={() => setEditing(null)}
        onLibraryChanged={() => void revalidate()}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this episode?"
        description={
          deleting
            ? `Episode ${deleting.episode_number}, “${deleting.title}”, will be removed from the site.`
            : ''
        }
        confirmLabel="Delete"
        busyLabel="Deleting..."
        onConfirm={remove}
      />
    </AdminSection>
  )
}
