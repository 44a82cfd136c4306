// The database news as memos on the corkboard, newest first (SPEC §2 News, Home). It refetches
// on every mount, so an item the admin added shows on the next visit. Text is rendered as text
// (React escapes it); a failed load was already logged and reads as "no memos yet".
import { useEffect, useState } from 'react'
import { LoadingState } from '../../ui/loading-state'
import { fetchNews, type NewsItem } from './api/fetch-news'
import { NewsMemo } from '../../ui/news-memo'
import './news-list.css'

type NewsListProps = {
  /** Show only the newest `limit` items (Home shows a few). */
  limit?: number
}

export function NewsList({ limit }: NewsListProps) {
  const [items, setItems] = useState<NewsItem[] | undefined>(undefined)

  useEffect(() => {
    let current = true
    void fetchNews(limit).then((rows) => {
      if (current) setItems(rows)
    })
    return () => {
      current = false
    }
  }, [limit])

  if (!items) return <LoadingState label="Loading news..." />
  if (items.length === 0) {
    return <p className="news-empty">No memos on the board yet. Check back soon.</p>
  }
  return (
    <ol className="news-list" aria-label="News">
      {items.map((item) => (
        <li key={item.id} className="news-list__item">
          <NewsMemo date={item.date} headline={item.headline} summary={item.summary} />
        </li>
      ))}
    </ol>
  )
}
