// /admin/episodes: the episodes the Episodes page and Home read (by number): edit, add and
// delete, their videos and thumbnails picked from the media library. RLS admits admins only;
// the site shows a change on its next load.
import { useRevalidator } from 'react-router'
import { settle, type ReadResult } from '../../../lib/read-result'
import { AdminListPart, DeleteRowDialog, EditableRowActions } from '../shared/admin-list'
import { adminAction, adminLoader, useAdminData } from '../shared/admin-route'
import { AdminSection } from '../shared/admin-section'
import { rowWrites } from '../shared/row-writes'
import { useListEditing } from '../shared/use-list-editing'
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

export const action = adminAction(
  rowWrites<EpisodeValues>({
    noun: 'The episode',
    nameKey: 'title',
    added: 'Episode added',
    save: saveEpisode,
    remove: deleteEpisode,
  }),
)

function kindLabel(kind: string | undefined): string {
  return VIDEO_KINDS.find((k) => k.value === kind)?.label ?? 'A preview'
}

export function Component() {
  const { episodes, library } = useAdminData<EpisodesData>()
  const { revalidate } = useRevalidator()
  const { editing, setEditing, deleting, setDeleting, listHeading, save, remove } = useListEditing<
    EpisodeRow,
    EpisodeValues
  >({ names: (row) => ({ title: row.title }) })
  const rows = episodes.status === 'ready' ? episodes.data : []
  const nextNumber = Math.min(9999, rows.reduce((max, e) => Math.max(max, e.episode_number), 0) + 1)

  return (
    <AdminSection
      id="episodes"
      title="Episodes"
      className="admin-content"
      intro="The episodes on the Episodes page and Home, by number. The site shows a change on its next page load."
    >
      <AdminListPart
        headingId="episode-list-heading"
        headingRef={listHeading}
        heading={`Episodes${episodes.status === 'ready' ? ` (${rows.length})` : ''}`}
        failed={episodes.status === 'ready' ? null : 'The episodes'}
        empty={<p className="admin-empty">No episodes yet. Add the first one below.</p>}
        listLabel="Episodes"
        rows={rows.map((row) => (
          <li key={row.id} className="admin-list__item episode-item">
            <div className="admin-list__main">
              <p className="admin-list__meta">
                EP {row.episode_number}
                <span className="admin-badge">{kindLabel(row.video_kind)}</span>
              </p>
              <p className="admin-list__title">{row.title}</p>
              <p className="admin-list__text">{row.synopsis}</p>
              <p className="episode-item__link">
                <span className="visually-hidden">Video: </span>
                {row.video_url}
              </p>
            </div>
            <EditableRowActions
              name={`episode ${row.episode_number}, ${row.title}`}
              onEdit={() => setEditing(row)}
              onDelete={() => setDeleting(row)}
            />
          </li>
        ))}
      />
      <EpisodeEditor
        editing={editing}
        nextNumber={nextNumber}
        library={library.status === 'ready' ? library.data : null}
        onSave={save}
        onCancelEdit={() => setEditing(null)}
        onLibraryChanged={() => void revalidate()}
      />
      <DeleteRowDialog
        row={deleting}
        onClose={() => setDeleting(null)}
        title="Delete this episode?"
        describe={(row) =>
          `Episode ${row.episode_number}, “${row.title}”, will be removed from the site.`
        }
        onConfirm={remove}
      />
    </AdminSection>
  )
}
