// /news: the pinned memos composed in by app/news-route (the Q&A card, the team call), then the
// database news, newest first (docs/product/pages.md#news).
import type { ReactNode } from 'react'
import type { Deferred } from '../../lib/loader-data'
import type { ReadResult } from '../../lib/read-result'
import { Awaited } from '../../ui/awaited'
import { SubPage } from '../../ui/sub-page'
import type { NewsItem } from './api/fetch-news'
import { NewsList } from './news-list'
import './news-page.css'

type NewsPageProps = {
  news: Deferred<ReadResult<NewsItem[]>>
  /** Cards from other features (features may not import each other), pinned above the news. */
  pinned?: ReactNode
}

export function NewsPage({ news, pinned }: NewsPageProps) {
  return (
    <SubPage heading="News" intro="Memos from the lobby corkboard, newest first.">
      <div className="news-page">
        {pinned && (
          <section className="news-page__section" aria-labelledby="news-pinned">
            <h2 id="news-pinned" className="news-page__heading">
              Pinned
            </h2>
            <div className="form-cards news-page__pins">{pinned}</div>
          </section>
        )}
        <section className="news-page__section" aria-labelledby="news-latest">
          <h2 id="news-latest" className="news-page__heading">
            From the office
          </h2>
          <Awaited value={news} loading="Loading news...">
            {(loaded) => <NewsList news={loaded} />}
          </Awaited>
        </section>
      </div>
    </SubPage>
  )
}
