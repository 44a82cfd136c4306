import { describe, expect, it } from 'vitest'
import { episodeSchema, storageVideoPath } from './episode-schema'

const valid = {
  episode_number: 5,
  title: 'Security Deposit',
  synopsis: 'Bertha keeps it.',
  thumbnail: '/media/episodes/ep1.svg',
  video_url: 'https://drive.google.com/file/d/abc/view',
  video_kind: 'preview',
}

function firstError(values: Record<string, unknown>): string | undefined {
  const result = episodeSchema.safeParse(values)
  return result.success ? undefined : result.error.issues[0]?.message
}

describe('episodeSchema (mirrors migrations 0002 and 0021)', () => {
  it('needs to know what the video is', () => {
    expect(firstError({ ...valid, video_kind: 'full' })).toBeUndefined()
    expect(firstError({ ...valid, video_kind: 'trailer' })).toBe('Please say what the video is.')
  })

  it('accepts site paths, http(s) URLs and storage paths with spaces', () => {
    expect(firstError(valid)).toBeUndefined()
    expect(
      firstError({
        ...valid,
        video_url: storageVideoPath('Episode Previews', 'Previously on The 1st.webm'),
      }),
    ).toBeUndefined()
    expect(storageVideoPath('Behind the scenes', 'Episode 4 - Colour Script.webm')).toBe(
      '/storage/v1/object/public/Behind the scenes/Episode 4 - Colour Script.webm',
    )
  })

  it('refuses what the CHECKs refuse', () => {
    const scheme =
      'The video link must start with “/” (a path on this site) or with http:// or https://.'
    expect(firstError({ ...valid, video_url: 'javascript:alert(1)' })).toBe(scheme)
    expect(firstError({ ...valid, video_url: '//evil.test/x' })).toBe(scheme)
    expect(firstError({ ...valid, video_url: 'HTTPS://x.test' })).toBe(scheme)
    expect(firstError({ ...valid, thumbnail: 'data:image/png;base64,xx' })).toBe(
      'The thumbnail must start with “/” (a path on this site) or with http:// or https://.',
    )
    expect(firstError({ ...valid, thumbnail: '/a\tb' })).toBe(
      'The thumbnail may not contain line breaks or tabs.',
    )
    expect(firstError({ ...valid, thumbnail: `/${'a'.repeat(1000)}` })).toBe(
      'The thumbnail must be at most 1000 characters.',
    )
  })

  it('bounds the number, title and synopsis', () => {
    expect(firstError({ ...valid, episode_number: 0 })).toBe(
      'The episode number must be between 1 and 9999.',
    )
    expect(firstError({ ...valid, episode_number: 10000 })).toBe(
      'The episode number must be between 1 and 9999.',
    )
    expect(firstError({ ...valid, episode_number: 1.5 })).toBe(
      'The episode number must be a whole number.',
    )
    expect(firstError({ ...valid, episode_number: Number.NaN })).toBe(
      'Please enter the episode number.',
    )
    expect(firstError({ ...valid, title: ' ' })).toBe('Please enter a title.')
    expect(firstError({ ...valid, title: 't'.repeat(121) })).toBe(
      'The title must be at most 120 characters.',
    )
    expect(firstError({ ...valid, synopsis: 's'.repeat(2001) })).toBe(
      'The synopsis must be at most 2000 characters.',
    )
  })
})
