// /admin/news: add, edit and delete the site's news (date, headline, summary), newest first and
// paged. Rights come from the admin's token and the table's RLS; the site's news lists show a
// change on their next load.
import { useEffect, useRef, useState } from 'react'
import { LoadingState } from '../../../ui/loading-state'
import { toast } from '../../../ui/toast'
import { AdminPager } from '../shared/admin-pager'
import { deleteNews } from './api/delete-news'
import { listNews, NEWS_PAGE_SIZE, type NewsPage } from './api/list-news'
import { ConfirmDeleteDialog } from '../shared/confirm-delete-dialog'
import { NewsEditor } from './news-editor'
import { formatNewsDate } from '../../../lib/news-date'
import type { NewsRow } from './news-schema'
import { AdminSection } from '../shared/admin-section'
import './admin-content.css'

export function AdminNews() {
  const [page, setPage] = useState(0)
  const [data, setData] = useState<NewsPage | null>(null)
  const [failed, setFailed] = useState(false)
  const [editing, setEditing] = useState<NewsRow | null>(null)
  const listHeading = useRef<HTMLHeadingElement>(null)

  // Bumped after every change, so the effect reads the list again.
  const [version, setVersion] = useState(0)
  const reload = () => setVersion((v) => v + 1)

  useEffect(() => {
    let live = true
    listNews(page).then(
      (next) => {
        if (!live) return
        // A delete can leave the last page empty: step back to one that has rows.
        if (next.rows.length === 0 && page > 0) setPage(page - 1)
        else {
          setData(next)
          setFailed(false)
        }
      },
      (error: unknown) => {
        console.error('Loading news failed', error)
        if (live) setFailed(true)
      },
    )
    return () => {
      live = false
    }
  }, [page, version])

  const onSaved = (wasNew: boolean) => {
    setEditing(null)
    if (wasNew && page !== 0) setPage(0)
    else reload()
  }

  const remove = async (row: NewsRow) => {
    try {
      await deleteNews(row.id)
    } catch (error) {
      toast.error(`The news item was not deleted: ${(error as Error).message}`)
      throw error
    }
    toast.success('News item deleted', row.headline)
    if (editing?.id === row.id) setEditing(null)
    listHeading.current?.focus()
    reload()
  }

  return (
    <AdminSection
      id="news"
      title="News"
      className="admin-content"
      intro={
        <>
          Memos on the site&apos;s news lists, newest first. The site shows a change on its next
          page load.
        </>
      }
    >
      <NewsEditor editing={editing} onSaved={onSaved} onCancelEdit={() => setEditing(null)} />

      <section className="admin-content__part" aria-labelledby="news-list-heading">
        <h3 id="news-list-heading" ref={listHeading} tabIndex={-1} className="admin-subtitle">
          Published news{data ? ` (${data.total})` : ''}
        </h3>
        {failed && (
          <p className="admin-error" role="alert">
            The news could not be loaded.{' '}
            <button type="button" className="admin-link" onClick={reload}>
              Try again
            </button>
          </p>
        )}
        {!data && !failed && <LoadingState label="Loading news..." />}
        {data && data.rows.length === 0 && <p>No news yet. Add the first item above.</p>}
        {data && data.rows.length > 0 && (
          <ul className="admin-list" aria-label="News items">
            {data.rows.map((row) => (
              <li key={row.id} className="admin-list__item">
                <div className="admin-list__main">
                  <p className="admin-list__meta">
                    <time dateTime={row.date}>{formatNewsDate(row.date)}</time>
                  </p>
                  <p className="admin-list__title">{row.headline}</p>
                  <p className="admin-list__text">{row.summary}</p>
                </div>
                <div className="admin-list__actions">
                  <button
                    type="button"
                    className="btn btn--secondary admin-btn--small"
                    aria-label={`Edit “${row.headline}”`}
                    onClick={() => setEditing(row)}
                  >
                    Edit
                  </button>
                  <ConfirmDeleteDialog
                    title="Delete this news item?"
                    description={`“${row.headline}” will be removed from the site.`}
                    onConfirm={() => remove(row)}
                    trigger={
                      <button
                        type="button"
                        className="btn btn--secondary admin-btn--small"
                        aria-label={`Delete “${row.headline}”`}
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
        {data && data.total > NEWS_PAGE_SIZE && (
          <AdminPager
            page={page + 1}
            pageSize={NEWS_PAGE_SIZE}
            total={data.total}
            label="News pages"
            onPage={(next) => setPage(next - 1)}
          />
        )}
      </section>
    </AdminSection>
  )
}
