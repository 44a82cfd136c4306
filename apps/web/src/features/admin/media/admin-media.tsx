// /admin/media: pick a bucket, browse its files a page at a time (by name), upload with progress,
// rename and delete. Every call carries the admin's token; Storage's RLS (migration 0005) decides.
// The site's players, radio and BTS groups list the buckets on load, so changes show there next.
import { useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { LoadingState } from '../../../ui/loading-state'
import { toast } from '../../../ui/toast'
import { listBuckets, type Bucket } from './api/list-buckets'
import { listObjects, type ObjectPage } from './api/list-objects'
import { moveObject } from './api/move-object'
import { removeObject } from './api/remove-object'
import { BucketPicker } from './bucket-picker'
import { ObjectTable } from './object-table'
import { UploadPanel } from './upload-panel'
import { AdminSection } from '../shared/admin-section'
import '../news/admin-content.css'
import './admin-media.css'

const OBJECTS_PAGE_SIZE = 20

export function AdminMedia() {
  const [params, setParams] = useSearchParams()
  const [buckets, setBuckets] = useState<Bucket[] | 'failed'>()
  const filesHeading = useRef<HTMLHeadingElement>(null)

  const loaded = Array.isArray(buckets) ? buckets : []
  const bucket = loaded.find((b) => b.id === params.get('bucket')) ?? loaded[0] ?? null
  const page = Math.max(0, Number.parseInt(params.get('page') ?? '1', 10) - 1 || 0)

  useEffect(() => {
    listBuckets().then(setBuckets, (error: unknown) => {
      console.error('Listing buckets failed', error)
      setBuckets('failed')
    })
  }, [])

  // Bumped after every change, so the effect lists the bucket again.
  const [version, setVersion] = useState(0)
  const reload = () => setVersion((v) => v + 1)
  const bucketId = bucket?.id
  // Which listing is on screen; a different bucket or page shows loading until its answer.
  const shownFor = `${bucketId}|${page}`
  const [shown, setShown] = useState<{ key: string; value: ObjectPage | 'failed' }>()
  const listing = shown?.key === shownFor ? shown.value : undefined

  useEffect(() => {
    if (!bucketId) return
    let live = true
    const key = `${bucketId}|${page}`
    listObjects(bucketId, page * OBJECTS_PAGE_SIZE, OBJECTS_PAGE_SIZE).then(
      (value) => live && setShown({ key, value }),
      (error: unknown) => {
        console.error(`Listing ${bucketId} failed`, error)
        if (live) setShown({ key, value: 'failed' })
      },
    )
    return () => {
      live = false
    }
  }, [bucketId, page, version])

  const go = (next: { bucket?: string; page?: number }) => {
    const search = new URLSearchParams(params)
    if (next.bucket !== undefined) search.set('bucket', next.bucket)
    search.set('page', String((next.page ?? 0) + 1))
    setParams(search, { replace: true })
  }

  const rename = async (from: string, to: string) => {
    if (!bucket) return
    try {
      await moveObject(bucket.id, from, to)
    } catch (error) {
      throw new Error(`Not renamed: ${(error as Error).message}`)
    }
    toast.success('File renamed', `${from} is now ${to}.`)
    reload()
  }

  const remove = async (name: string) => {
    if (!bucket) return
    try {
      await removeObject(bucket.id, name)
    } catch (error) {
      toast.error(`${name} was not deleted: ${(error as Error).message}`)
      throw error
    }
    toast.success('File deleted', `${name} is gone from ${bucket.name}.`)
    filesHeading.current?.focus()
    reload()
  }

  return (
    <AdminSection
      id="media"
      title="Media"
      className="admin-content"
      intro={
        <>
          Soundtracks, behind-the-scenes videos, previews and game images. The site lists these
          buckets when a page loads, so uploads, renames and deletions show there on the next visit.
        </>
      }
    >
      {!buckets && <LoadingState label="Loading buckets..." />}
      {buckets === 'failed' && (
        <p className="admin-error" role="alert">
          The buckets could not be loaded. Reload the page to try again.
        </p>
      )}
      {Array.isArray(buckets) && buckets.length === 0 && (
        <p className="admin-empty">There are no buckets.</p>
      )}
      {bucket && (
        <>
          <BucketPicker
            buckets={loaded}
            selected={bucket.id}
            onSelect={(id) => go({ bucket: id, page: 0 })}
          />
          <UploadPanel key={bucket.id} bucket={bucket} onUploaded={reload} />
          <section className="admin-content__part" aria-labelledby="files-heading">
            <h3 id="files-heading" ref={filesHeading} tabIndex={-1} className="admin-subtitle">
              Files in {bucket.name}
            </h3>
            {!listing && <LoadingState label="Loading files..." />}
            {listing === 'failed' && (
              <p className="admin-error" role="alert">
                The files could not be listed.{' '}
                <button type="button" className="admin-link" onClick={reload}>
                  Try again
                </button>
              </p>
            )}
            {listing && listing !== 'failed' && (
              <>
                {listing.objects.length === 0 ? (
                  <p className="admin-empty">{page === 0 ? 'No files yet.' : 'No more files.'}</p>
                ) : (
                  <ObjectTable
                    bucketName={bucket.name}
                    objects={listing.objects}
                    onRename={rename}
                    onDelete={remove}
                  />
                )}
                {(page > 0 || listing.hasMore) && (
                  <nav className="admin-pager" aria-label="File pages">
                    <button
                      type="button"
                      className="btn btn--secondary"
                      disabled={page === 0}
                      onClick={() => go({ page: page - 1 })}
                    >
                      Previous
                    </button>
                    <p className="admin-pager__status">
                      Files {page * OBJECTS_PAGE_SIZE + 1}–
                      {page * OBJECTS_PAGE_SIZE + listing.objects.length}
                    </p>
                    <button
                      type="button"
                      className="btn btn--secondary"
                      disabled={!listing.hasMore}
                      onClick={() => go({ page: page + 1 })}
                    >
                      Next
                    </button>
                  </nav>
                )}
              </>
            )}
          </section>
        </>
      )}
    </AdminSection>
  )
}
