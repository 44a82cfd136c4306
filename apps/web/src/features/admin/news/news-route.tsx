// /admin/news: add, edit, pin and delete the site's news (date, headline, summary), newest first
// and paged (?page=). Rights come from the admin's token and the table's RLS; the site's news
// lists show a change on their next load.
import { useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { formatNewsDate } from '../../../lib/news-date'
import { settle, type ReadResult } from '../../../lib/read-result'
import { toast } from '../../../ui/toast'
import { AdminPager } from '../shared/admin-pager'
import { adminAction, adminLoader, useAdminData } from '../shared/admin-route'
import { AdminSection } from '../shared/admin-section'
import { ConfirmDialog } from '../shared/confirm-dialog'
import { RowActions } from '../shared/row-actions'
import { useAdminAction } from '../shared/use-admin-action'
import { deleteNews } from './api/delete-news'
import { listNews, NEWS_PAGE_SIZE, type NewsPage } from './api/list-news'
import { pinNews, saveNews } from './api/save-news'
import { NewsEditor } from './news-editor'
import type { NewsRow, NewsValues } from './news-schema'
import './admin-content.css'

type NewsData = { page: number; news: ReadResult<NewsPage> }

function pageOf(url: string): number {
  const n = Number.parseInt(new URL(url).searchParams.get('page') ?? '1', 10)
  return Number.isInteger(n) && n > 0 ? n - 1 : 0
}

export const loader = adminLoader(async ({ request }): Promise<NewsData> => {
  const page = pageOf(request.url)
  return { page, news: await settle('the news', () => listNews(page)) }
})

/** Runs a write, toasting its failure with what was being done, then its success. */
async function announce<T>(doing: string, write: () => Promise<T>, done: () => void): Promise<T> {
  try {
    const result = await write()
    done()
    return result
  } catch (error) {
    toast.error(`${doing}: ${(error as Error).message}`)
    throw error
  }
}

export const action = adminAction({
  save: async (p) => {
    const values = p.values as NewsValues
    const id = typeof p.id === 'number' ? p.id : undefined
    return announce(
      'The news item was not saved',
      () => saveNews(values, id),
      () => toast.success(id === undefined ? 'Published' : 'Saved', values.headline),
    )
  },
  pin: (p) =>
    announce(
      p.pinned ? 'The memo was not pinned' : 'The memo was not unpinned',
      () => pinNews(Number(p.id), Boolean(p.pinned)),
      () => toast.success(p.pinned ? 'Pinned' : 'Unpinned', String(p.headline)),
    ),
  delete: (p) =>
    announce(
      'The news item was not deleted',
      () => deleteNews(Number(p.id)),
      () => toast.success('Deleted', String(p.headline)),
    ),
})

export function Component() {
  const { page, news } = useAdminData<NewsData>()
  const [, setParams] = useSearchParams()
  const [editing, setEditing] = useState<NewsRow | null>(null)
  const [deleting, setDeleting] = useState<NewsRow | null>(null)
  const listHeading = useRef<HTMLHeadingElement>(null)
  const write = useAdminAction()
  const data = news.status === 'ready' ? news.data : null

  const goTo = (next: number) => setParams(next > 0 ? { page: String(next + 1) } : {})

  const save = async (values: NewsValues) => {
    const result = await write.run({ intent: 'save', values, id: editing?.id })
    if (!result.ok) return false
    if (!editing && page !== 0) goTo(0)
    setEditing(null)
    return true
  }

  const remove = async () => {
    if (!deleting) return
    const result = await write.run({
      intent: 'delete',
      id: deleting.id,
      headline: deleting.headline,
    })
    if (!result.ok) throw new Error(result.error)
    if (editing?.id === deleting.id) setEditing(null)
    // A delete can leave the last page empty: step back to one that has rows.
    if (data && data.rows.length === 1 && page > 0) goTo(page - 1)
    listHeading.current?.focus()
  }

  return (
    <AdminSection
      id="news"
      title="News"
      className="admin-content"
      intro={
        <>
          Memos on the site&apos;s news lists, newest first; pinned ones also show in the Pinned
          section of Home and News. The site shows a change on its next page load.
        </>
      }
    >
      <NewsEditor editing={editing} onSave={save} onCancelEdit={() => setEditing(null)} />

      <section className="admin-content__part" aria-labelledby="news-list-heading">
        <h3 id="news-list-heading" ref={listHeading} tabIndex={-1} className="admin-subtitle">
          Published news{data ? ` (${data.total})` : ''}
        </h3>
        {!data && (
          <p className="admin-error" role="alert">
            The news could not be loaded. Reload the page to try again.
          </p>
        )}
        {data && data.rows.length === 0 && <p>No news yet. Add the first item above.</p>}
        {data && data.rows.length > 0 && (
          <ul className="admin-list" aria-label="News items">
            {data.rows.map((row) => (
              <li key={row.id} className="admin-list__item">
                <div className="admin-list__main">
                  <p className="admin-list__meta">
                    <time dateTime={row.date}>{formatNewsDate(row.date)}</time>
                    {row.pinned && <span className="admin-badge">Pinned</span>}
                  </p>
                  <p className="admin-list__title">{row.headline}</p>
                  <p className="admin-list__text">{row.summary}</p>
                </div>
                <RowActions
                  label={`Actions for “${row.headline}”`}
                  actions={[
                    {
                      label: 'Edit',
                      name: `Edit “${row.headline}”`,
                      onSelect: () => setEditing(row),
                    },
                    {
                      label: row.pinned ? 'Unpin' : 'Pin',
                      name: `${row.pinned ? 'Unpin' : 'Pin'} “${row.headline}”`,
                      disabled: write.busy,
                      onSelect: () =>
                        void write.run({
                          intent: 'pin',
                          id: row.id,
                          pinned: !row.pinned,
                          headline: row.headline,
                        }),
                    },
                    {
                      label: 'Delete',
                      name: `Delete “${row.headline}”`,
                      onSelect: () => setDeleting(row),
                    },
                  ]}
                />
              </li>
            ))}
          </ul>
        )}
        {data && data.total > NEWS_PAGE_SIZE && (
          <AdminPager
            page={page + 1}
            pageSize={NEWS_PAGE_SIZE}
            total={data.total}
            label="News pages"
            onPage={(next) => goTo(next - 1)}
          />
        )}
      </section>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this news item?"
        description={deleting ? `“${deleting.headline}” will be removed from the site.` : ''}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        onConfirm={remove}
      />
    </AdminSection>
  )
}
