// /news: the pinned memos composed in by app/news-route (the Q&A card, the team call), then the
// database news, newest first (SPEC §2 News).
import type { ReactNode } from 'react'
import { SubPage } from '../../ui/sub-page'
import { NewsList } from './news-list'
import './news-page.css'

type NewsPageProps = {
  /** Cards from other features (features may not import each other), pinned above the news. */
  pinned?: ReactNode
}

export function NewsPage({ pinned }: NewsPageProps = {}) {
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
          <NewsList />
        </section>
      </div>
    </SubPage>
  )
}
