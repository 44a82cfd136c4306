// Captions for the behind-the-scenes clips. The sample clips have no speech: their sound is a
// short instrumental jingle and their words are drawn on screen. WCAG 1.2.2 still wants that
// sound captioned, so each clip gets one WebVTT cue naming the music and the clip, handed to the
// player's <track> as a blob: URL (the CSP allows blob: media, not data:).
import type { BtsVideo } from './bts-groups'

/** One cue for the whole clip (clips are seconds long; the cue simply outlasts them). */
export function btsCaptionsVtt(video: Pick<BtsVideo, 'episode' | 'title'>): string {
  return [
    'WEBVTT',
    '',
    '00:00:00.000 --> 01:00:00.000',
    `♪ Instrumental music ♪ Episode ${video.episode}, behind the scenes: ${video.title}`,
    '',
  ].join('\n')
}

// One URL per distinct caption text for the life of the page: a few hundred bytes per clip of a
// bucket listed at most 100 deep, so they are never revoked (a revoke on unmount would break the
// remount React's StrictMode does in development).
const urls = new Map<string, string>()

/** A blob: URL of the clip's captions, the same URL every time for the same clip. */
export function btsCaptionsUrl(video: Pick<BtsVideo, 'episode' | 'title'>): string {
  const vtt = btsCaptionsVtt(video)
  let url = urls.get(vtt)
  if (!url) {
    url = URL.createObjectURL(new Blob([vtt], { type: 'text/vtt' }))
    urls.set(vtt, url)
  }
  return url
}
