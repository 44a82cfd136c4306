import { describe, expect, it } from 'vitest'
import { changedDependency, readDependency, writtenDependency } from './page-dependencies.js'

describe('page dependencies', () => {
  it('names a REST read by its table, a view by the table it shows, storage as one', () => {
    expect(readDependency('/rest/v1/news', null)).toBe('public.news')
    expect(readDependency('/rest/v1/event_notices', undefined)).toBe('public.events')
    expect(readDependency('/rest/v1/track_order', 'public')).toBe('public.track_order')
    expect(readDependency('/storage/v1/object/list/volume-1', null)).toBe('storage')
    expect(readDependency('/rest/v1/rpc/start_quiz', null)).toBe('*')
    expect(readDependency('/rest/v1/%E0%A4%A', null)).toBe('*')
  })

  it('meets the notification of the table a page read', () => {
    expect(changedDependency('public.events')).toBe(readDependency('/rest/v1/event_notices', null))
    expect(changedDependency('storage.objects')).toBe('storage')
  })

  it("names this process's own writes, but not reads or rpc calls", () => {
    expect(writtenDependency('PATCH', '/rest/v1/events?id=eq.1', undefined)).toBe('public.events')
    expect(writtenDependency('POST', '/storage/v1/object/media/a.png', undefined)).toBe('storage')
    expect(writtenDependency('GET', '/rest/v1/news', undefined)).toBeUndefined()
    expect(writtenDependency('POST', '/rest/v1/rpc/answer_quiz', undefined)).toBeUndefined()
  })
})
