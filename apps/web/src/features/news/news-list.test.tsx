import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { markupInRouter } from '../../ui/router-markup.test-support'
import { NewsList } from './news-list'

const EMPTY = 'No memos on the board yet. Check back soon.'

describe('NewsList', () => {
  it('says the board is empty only when the news table really has no rows', () => {
    expect(renderToStaticMarkup(<NewsList news={{ status: 'ready', data: [] }} />)).toBe(
      `<p class="news-empty">${EMPTY}</p>`,
    )
  })

  it('makes no claim after a failed read (only logged, docs/product/errors.md#when-a-read-fails)', () => {
    expect(renderToStaticMarkup(<NewsList news={{ status: 'failed' }} />)).toBe('')
  })

  it('says it is loading while the browser reads again what failed on the server', () => {
    const html = markupInRouter(<NewsList news={{ status: 'failed', retryInBrowser: true }} />)
    expect(html).toContain('<span class="loading__label">Loading news...</span>')
    expect(html).not.toContain(EMPTY)
  })

  it('lists the rows it read, newest first as given', () => {
    const html = renderToStaticMarkup(
      <NewsList
        news={{
          status: 'ready',
          data: [
            { id: 2, date: '2025-09-02', headline: 'Second', summary: 'B.' },
            { id: 1, date: '2025-09-01', headline: 'First', summary: 'A.' },
          ],
        }}
      />,
    )
    expect(html.indexOf('Second')).toBeLessThan(html.indexOf('First'))
    expect(html).not.toContain(EMPTY)
  })
})
