// /admin/tracks: the order the four soundtrack volumes play in, on /soundtrack, Home's player and
// the radio. Drag a track (or move it with the keyboard, or its Up and Down buttons) and the new
// order is saved at once; tracks uploaded later play after the ordered ones until moved.
import { useState } from 'react'
import { settle, type ReadResult } from '../../../lib/read-result'
import { toast } from '../../../ui/toast'
import { adminAction, adminLoader, useAdminData } from '../shared/admin-route'
import { AdminSection } from '../shared/admin-section'
import { useAdminAction } from '../shared/use-admin-action'
import { listVolumes, saveTrackOrder, type Track, type Volume } from './api/track-order'
import { SortableTracks } from './sortable-tracks'
import './tracks.css'

type TracksData = { volumes: ReadResult<Volume[]> }

export const loader = adminLoader(async (): Promise<TracksData> => ({
  volumes: await settle('the track order', listVolumes),
}))

export const action = adminAction({
  async reorder(p) {
    try {
      await saveTrackOrder(String(p.bucket), p.ids as string[])
    } catch (error) {
      toast.error(`The new order was not saved: ${(error as Error).message}`)
      throw error
    }
    toast.success('Order saved', `${String(p.title)} plays in the new order.`)
  },
})

function VolumeOrder({ volume }: { volume: Volume }) {
  const save = useAdminAction()
  // The order on screen: the loader's, or the one just chosen while it is being saved.
  const [moved, setMoved] = useState<{ from: Track[]; to: Track[] } | null>(null)
  const tracks = moved && moved.from === volume.tracks ? moved.to : volume.tracks
  const reorder = (next: Track[]) => {
    setMoved({ from: volume.tracks, to: next })
    void save.run({
      intent: 'reorder',
      bucket: volume.bucket,
      title: volume.title,
      ids: next.map((t) => t.id),
    })
  }
  const headingId = `order-${volume.bucket.replace(/\W+/g, '-')}`
  return (
    <section className="admin-content__part" aria-labelledby={headingId}>
      <h3 id={headingId} className="admin-subtitle">
        {volume.title}
      </h3>
      {tracks.length === 0 ? (
        <p className="admin-empty">No tracks in {volume.bucket} yet.</p>
      ) : (
        <SortableTracks
          title={volume.title}
          tracks={tracks}
          onReorder={reorder}
          disabled={save.busy}
        />
      )}
    </section>
  )
}

export function Component() {
  const { volumes } = useAdminData<TracksData>()
  return (
    <AdminSection
      id="tracks"
      title="Track order"
      className="admin-content"
      intro="The order each soundtrack volume plays in on the site and the radio. Drag a track by its handle, or focus the handle and use Space and the arrow keys; every move is saved at once."
    >
      {volumes.status !== 'ready' ? (
        <p className="admin-error" role="alert">
          The tracks could not be loaded. Reload the page to try again.
        </p>
      ) : (
        volumes.data.map((v) => <VolumeOrder key={v.bucket} volume={v} />)
      )}
    </AdminSection>
  )
}
