// Where an episode's video_url points, and how to play it (docs/product/pages.md#episode-player).
// Two kinds:
// - a shared-drive link https://drive.google.com/file/d/<id>/view?... becomes its embeddable
//   preview https://drive.google.com/file/d/<id>/preview, played in an <iframe>;
// - a file in our storage ('/storage/v1/...', resolved against the Supabase URL so it also works
//   on hosted Supabase) or a full https URL to a media file, played by a native <video>.
// Anything else (other hosts, javascript: or data: URLs, malformed links) is refused: null.

export type EpisodeVideo = { kind: 'embed'; url: string } | { kind: 'file'; url: string }

const DRIVE_HOST = 'drive.google.com'
const DRIVE_ID = /^[A-Za-z0-9_-]+$/
const MEDIA_FILE = /\.(webm|mp4|m4v|mov|ogv|ogg)$/i

function parseUrl(value: string, base?: string): URL | null {
  try {
    return new URL(value, base)
  } catch {
    return null
  }
}

/** The embeddable preview link of a shared-drive file link, or null when it is not one. */
export function driveEmbedUrl(link: string): string | null {
  const url = parseUrl(link.trim())
  if (!url || url.protocol !== 'https:' || url.hostname !== DRIVE_HOST) return null
  const afterD = url.pathname.split('/d/')[1]
  if (afterD === undefined) return null
  const id = afterD.split('/')[0] ?? ''
  if (!DRIVE_ID.test(id)) return null
  return `https://${DRIVE_HOST}/file/d/${id}/preview`
}

/** How to play `videoUrl`; storage paths are resolved against `supabaseUrl`. */
export function resolveEpisodeVideo(videoUrl: string, supabaseUrl: string): EpisodeVideo | null {
  const value = videoUrl.trim()
  if (value.startsWith('/storage/v1/')) {
    const url = parseUrl(value, supabaseUrl)
    // A path with '..' could normalise out of storage; refuse what no longer points into it.
    if (!url || !/^https?:$/.test(url.protocol) || !url.pathname.startsWith('/storage/v1/')) {
      return null
    }
    return { kind: 'file', url: url.href }
  }
  const url = parseUrl(value)
  if (!url || url.protocol !== 'https:') return null
  if (url.hostname === DRIVE_HOST) {
    const embed = driveEmbedUrl(value)
    return embed ? { kind: 'embed', url: embed } : null
  }
  return MEDIA_FILE.test(url.pathname) ? { kind: 'file', url: url.href } : null
}
