// /admin/news: add, edit, pin and delete the site's news (date, headline, summary), newest first
// and paged (?page=). Rights come from the admin's token and the table's RLS; the site's news
// lists show a change on their next load.
import { useSearchParams } from 'react-router'
import { formatNewsDate } from '../../../lib/news-date'
import { settle, type ReadResult } from '../../../lib/read-result'
import { AdminListPart, DeleteRowDialog, EditableRowActions } from '../shared/admin-list'
import { AdminPager } from '../shared/admin-pager'
import { adminAction, adminLoader, useAdminData } from '../shared/admin-route'
import { AdminSection } from '../shared/admin-section'
import { rowWrites } from '../shared/row-writes'
import { useListEditing } from '../shared/use-list-editing'
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

export const action = adminAction(
  rowWrites<NewsValues>({
    noun: 'The news item',
    pinNoun: 'The memo',
    nameKey: 'headline',
    added: 'Published',
    save: saveNews,
    pin: pinNews,
    remove: deleteNews,
  }),
)

export function Component() {
  const { page, news } = useAdminData<NewsData>()
  const [, setParams] = useSearchParams()
  const data = news.status === 'ready' ? news.data : null
  const goTo = (next: number) => setParams(next > 0 ? { page: String(next + 1) } : {})
  const { editing, setEditing, deleting, setDeleting, listHeading, save, remove, pinOf } =
    useListEditing<NewsRow, NewsValues>({
      names: (row) => ({ headline: row.headline }),
      onSaved: (added) => {
        if (added && page !== 0) goTo(0)
      },
      // A delete can leave the last page empty: step back to one that has rows.
      onDeleted: () => {
        if (data && data.rows.length === 1 && page > 0) goTo(page - 1)
      },
    })

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

      <AdminListPart
        headingId="news-list-heading"
        headingRef={listHeading}
        heading={`Published news${data ? ` (${data.total})` : ''}`}
        failed={data ? null : 'The news'}
        empty={<p>No news yet. Add the first item above.</p>}
        listLabel="News items"
        rows={(data?.rows ?? []).map((row) => (
          <li key={row.id} className="admin-list__item">
            <div className="admin-list__main">
              <p className="admin-list__meta">
                <time dateTime={row.date}>{formatNewsDate(row.date)}</time>
                {row.pinned && <span className="admin-badge">Pinned</span>}
              </p>
              <p className="admin-list__title">{row.headline}</p>
              <p className="admin-list__text">{row.summary}</p>
            </div>
            <EditableRowActions
              name={`“${row.headline}”`}
              onEdit={() => setEditing(row)}
              onDelete={() => setDeleting(row)}
              pin={pinOf(row)}
            />
          </li>
        ))}
      >
        {data && data.total > NEWS_PAGE_SIZE && (
          <AdminPager
            page={page + 1}
            pageSize={NEWS_PAGE_SIZE}
            total={data.total}
            label="News pages"
            onPage={(next) => goTo(next - 1)}
          />
        )}
      </AdminListPart>
      <DeleteRowDialog
        row={deleting}
        onClose={() => setDeleting(null)}
        title="Delete this news item?"
        describe={(row) => `“${row.headline}” will be removed from the site.`}
        onConfirm={remove}
      />
    </AdminSection>
  )
}
