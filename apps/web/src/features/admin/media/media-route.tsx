// /admin/media: pick a bucket, browse its files a page at a time (by name), upload (with progress;
// full episodes by resumable upload), rename and delete. Every call carries the admin's token;
// Storage's RLS (migration 0005) decides. The site's players, radio and BTS groups list the
// buckets on load, so changes show there next. The bucket and page live in the URL (?bucket=,
// ?page=), which is what the loader reads.
import { useRef } from 'react'
import { useRevalidator, useSearchParams } from 'react-router'
import { settle, type ReadResult } from '../../../lib/read-result'
import { toast } from '../../../ui/toast'
import { adminAction, adminLoader, useAdminData } from '../shared/admin-route'
import { AdminSection } from '../shared/admin-section'
import { useAdminAction } from '../shared/use-admin-action'
import { listBuckets, type Bucket } from './api/list-buckets'
import { listObjects, type ObjectPage } from './api/list-objects'
import { moveObject } from './api/move-object'
import { removeObject } from './api/remove-object'
import { BucketPicker } from './bucket-picker'
import { ObjectTable } from './object-table'
import { ResumableUploadPanel } from './resumable-upload-panel'
import { UploadPanel } from './upload-panel'
import '../news/admin-content.css'
import './admin-media.css'

const OBJECTS_PAGE_SIZE = 20
/** The bucket whose files come in by resumable upload (migration 0020). */
export const FULL_EPISODES = 'Full episodes'

type MediaData = {
  buckets: ReadResult<Bucket[]>
  bucket: Bucket | null
  page: number
  listing: ReadResult<ObjectPage> | null
}

export const loader = adminLoader(async ({ request }): Promise<MediaData> => {
  const params = new URL(request.url).searchParams
  const page = Math.max(0, Number.parseInt(params.get('page') ?? '1', 10) - 1 || 0)
  const buckets = await settle('the buckets', listBuckets)
  const all = buckets.status === 'ready' ? buckets.data : []
  const bucket = all.find((b) => b.id === params.get('bucket')) ?? all[0] ?? null
  const listing = bucket
    ? await settle(`the files of ${bucket.id}`, () =>
        listObjects(bucket.id, page * OBJECTS_PAGE_SIZE, OBJECTS_PAGE_SIZE),
      )
    : null
  return { buckets, bucket, page, listing }
})

export const action = adminAction({
  async rename(p) {
    const [bucket, from, to] = [String(p.bucket), String(p.from), String(p.to)]
    try {
      await moveObject(bucket, from, to)
    } catch (error) {
      throw new Error(`Not renamed: ${(error as Error).message}`)
    }
    toast.success('Renamed', `${from} is now ${to}.`)
  },
  async delete(p) {
    const [bucket, name] = [String(p.bucket), String(p.name)]
    try {
      await removeObject(bucket, name)
    } catch (error) {
      toast.error(`${name} was not deleted: ${(error as Error).message}`)
      throw error
    }
    toast.success('Deleted', `${name} is gone from ${bucket}.`)
  },
})

export function Component() {
  const { buckets, bucket, page, listing } = useAdminData<MediaData>()
  const [params, setParams] = useSearchParams()
  const { revalidate } = useRevalidator()
  const write = useAdminAction()
  const filesHeading = useRef<HTMLHeadingElement>(null)
  const loaded = buckets.status === 'ready' ? buckets.data : []

  const go = (next: { bucket?: string; page?: number }) => {
    const search = new URLSearchParams(params)
    if (next.bucket !== undefined) search.set('bucket', next.bucket)
    search.set('page', String((next.page ?? 0) + 1))
    setParams(search, { replace: true })
  }

  const rename = async (from: string, to: string) => {
    const result = await write.run({ intent: 'rename', bucket: bucket?.id, from, to })
    if (!result.ok) throw new Error(result.error)
  }

  const remove = async (name: string) => {
    const result = await write.run({ intent: 'delete', bucket: bucket?.id, name })
    if (!result.ok) throw new Error(result.error)
    filesHeading.current?.focus()
  }

  const objects = listing?.status === 'ready' ? listing.data : null
  return (
    <AdminSection
      id="media"
      title="Media"
      className="admin-content"
      intro={
        <>
          Soundtracks, behind-the-scenes videos, previews, full episodes, stills and game images.
          The site lists these buckets when a page loads, so uploads, renames and deletions show
          there on the next visit.
        </>
      }
    >
      {buckets.status !== 'ready' && (
        <p className="admin-error" role="alert">
          The buckets could not be loaded. Reload the page to try again.
        </p>
      )}
      {buckets.status === 'ready' && loaded.length === 0 && (
        <p className="admin-empty">There are no buckets.</p>
      )}
      {bucket && (
        <>
          <BucketPicker
            buckets={loaded}
            selected={bucket.id}
            onSelect={(id) => go({ bucket: id, page: 0 })}
          />
          <section className="admin-content__part upload-panel" aria-labelledby="upload-heading">
            <h3 id="upload-heading" className="admin-subtitle">
              Upload to {bucket.name}
            </h3>
            {bucket.id === FULL_EPISODES ? (
              <ResumableUploadPanel
                key={bucket.id}
                bucket={bucket}
                onUploaded={() => void revalidate()}
              />
            ) : (
              <UploadPanel key={bucket.id} bucket={bucket} onUploaded={() => void revalidate()} />
            )}
          </section>
          <section className="admin-content__part" aria-labelledby="files-heading">
            <h3 id="files-heading" ref={filesHeading} tabIndex={-1} className="admin-subtitle">
              Files in {bucket.name}
            </h3>
            {!objects && (
              <p className="admin-error" role="alert">
                The files could not be listed.{' '}
                <button type="button" className="admin-link" onClick={() => void revalidate()}>
                  Try again
                </button>
              </p>
            )}
            {objects && (
              <>
                {objects.objects.length === 0 ? (
                  <p className="admin-empty">{page === 0 ? 'No files yet.' : 'No more files.'}</p>
                ) : (
                  <ObjectTable
                    bucketName={bucket.name}
                    objects={objects.objects}
                    onRename={rename}
                    onDelete={remove}
                  />
                )}
                {(page > 0 || objects.hasMore) && (
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
                      {page * OBJECTS_PAGE_SIZE + objects.objects.length}
                    </p>
                    <button
                      type="button"
                      className="btn btn--secondary"
                      disabled={!objects.hasMore}
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
