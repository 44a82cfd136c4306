import { describe, expect, it } from 'vitest'
import { driveEmbedUrl, resolveEpisodeVideo } from './episode-video'

const api = 'https://abcd.supabase.co'

describe('driveEmbedUrl', () => {
  it('turns a shared-drive view link into its preview link by the id after /d/', () => {
    expect(driveEmbedUrl('https://drive.google.com/file/d/1AbC-d_EfG2/view?usp=sharing')).toBe(
      'https://drive.google.com/file/d/1AbC-d_EfG2/preview',
    )
  })

  it('accepts a link without a trailing segment', () => {
    expect(driveEmbedUrl('https://drive.google.com/file/d/XyZ09')).toBe(
      'https://drive.google.com/file/d/XyZ09/preview',
    )
  })

  it.each([
    ['no /d/', 'https://drive.google.com/open?id=abc'],
    ['an empty id', 'https://drive.google.com/file/d//view'],
    ['another host', 'https://drive.evil.example/file/d/abc/view'],
    ['a look-alike host', 'https://drive.google.com.evil.example/file/d/abc/view'],
    ['plain http', 'http://drive.google.com/file/d/abc/view'],
    ['a javascript: URL', 'javascript:alert(1)//drive.google.com/file/d/abc/view'],
    ['an id with markup', 'https://drive.google.com/file/d/ab%22%3E/view'],
    ['not a URL', 'drive.google.com/file/d/abc/view'],
  ])('refuses %s', (_, link) => {
    expect(driveEmbedUrl(link)).toBeNull()
  })
})

describe('resolveEpisodeVideo', () => {
  it('resolves a storage path against the Supabase URL, encoding spaces', () => {
    expect(
      resolveEpisodeVideo(
        '/storage/v1/object/public/Episode Previews/Previously on The 1st.webm',
        api,
      ),
    ).toEqual({
      kind: 'file',
      url: 'https://abcd.supabase.co/storage/v1/object/public/Episode%20Previews/Previously%20on%20The%201st.webm',
    })
  })

  it('resolves a storage path against a same-origin server', () => {
    expect(
      resolveEpisodeVideo('/storage/v1/object/public/b/x.webm', 'http://localhost:3000'),
    ).toEqual({ kind: 'file', url: 'http://localhost:3000/storage/v1/object/public/b/x.webm' })
  })

  it('refuses a storage path that climbs out of storage', () => {
    expect(resolveEpisodeVideo('/storage/v1/../../admin', api)).toBeNull()
  })

  it('embeds shared-drive links', () => {
    expect(resolveEpisodeVideo('https://drive.google.com/file/d/abc123/view', api)).toEqual({
      kind: 'embed',
      url: 'https://drive.google.com/file/d/abc123/preview',
    })
  })

  it('refuses a malformed shared-drive link', () => {
    expect(resolveEpisodeVideo('https://drive.google.com/drive/folders', api)).toBeNull()
  })

  it('plays a full https URL to a media file natively', () => {
    expect(resolveEpisodeVideo('https://cdn.example.com/ep/1.mp4', api)).toEqual({
      kind: 'file',
      url: 'https://cdn.example.com/ep/1.mp4',
    })
  })

  it.each([
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a data: URL', 'data:video/webm;base64,AAAA'],
    ['an http media URL', 'http://cdn.example.com/ep/1.mp4'],
    ['an https page that is no media file', 'https://example.com/watch?v=1'],
    ['another site path', '/media/episodes/ep1.svg'],
    ['an empty value', ''],
  ])('refuses %s', (_, value) => {
    expect(resolveEpisodeVideo(value, api)).toBeNull()
  })
})
