// Client-side mirror of the episodes table's CHECKs (supabase/migrations/0002). The site puts
// thumbnail and video_url into src/href attributes, so both must be a site path ('/x…', not
// '//host') or an http(s) URL, with no control characters. The database stays the authority.
import { z } from 'zod'

export const TITLE_MAX = 120
export const SYNOPSIS_MAX = 2000
export const LINK_MAX = 1000
export const NUMBER_MAX = 9999

export const VIDEO_KINDS = [
  { value: 'full', label: 'The full episode' },
  { value: 'preview', label: 'A preview' },
  { value: 'behind_the_scenes', label: 'A behind-the-scenes clip' },
] as const

export type VideoKind = (typeof VIDEO_KINDS)[number]['value']

/** The buckets an episode's video may come from, and what a file in each usually is. */
export const VIDEO_BUCKETS: readonly { bucket: string; kind: VideoKind }[] = [
  { bucket: 'Full episodes', kind: 'full' },
  { bucket: 'Episode Previews', kind: 'preview' },
  { bucket: 'Behind the scenes', kind: 'behind_the_scenes' },
]

/** Where thumbnails uploaded in the console go (migration 0020). */
export const STILLS_BUCKET = 'Episode stills'

/** The site's own episode stills, always there to pick. */
export const BUILT_IN_STILLS = ['ep1', 'ep2', 'ep3', 'ep4', 'header-still'].map(
  (name) => `/media/episodes/${name}.webp`,
)

/** The public path of a file in a public bucket, which the site plays or shows natively. */
export function storageVideoPath(bucket: string, name: string): string {
  return `/storage/v1/object/public/${bucket}/${name}`
}

// Same as the CHECK: '^(/[^/]|https?://)' (case-sensitive, as in PostgreSQL) and no [[:cntrl:]].
const SITE_PATH_OR_HTTP = /^(\/[^/]|https?:\/\/)/
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/

function link(label: string) {
  return z
    .string()
    .trim()
    .min(1, `Please enter the ${label}.`)
    .max(LINK_MAX, `The ${label} must be at most ${LINK_MAX} characters.`)
    .refine(
      (v) => SITE_PATH_OR_HTTP.test(v),
      `The ${label} must start with “/” (a path on this site) or with http:// or https://.`,
    )
    .refine((v) => !CONTROL.test(v), `The ${label} may not contain line breaks or tabs.`)
}

export const episodeSchema = z.object({
  episode_number: z
    .number({ error: 'Please enter the episode number.' })
    .int('The episode number must be a whole number.')
    .min(1, `The episode number must be between 1 and ${NUMBER_MAX}.`)
    .max(NUMBER_MAX, `The episode number must be between 1 and ${NUMBER_MAX}.`),
  title: z
    .string()
    .trim()
    .min(1, 'Please enter a title.')
    .max(TITLE_MAX, `The title must be at most ${TITLE_MAX} characters.`),
  synopsis: z
    .string()
    .trim()
    .min(1, 'Please enter a synopsis.')
    .max(SYNOPSIS_MAX, `The synopsis must be at most ${SYNOPSIS_MAX} characters.`),
  thumbnail: link('thumbnail'),
  video_url: link('video link'),
  video_kind: z.enum(['full', 'preview', 'behind_the_scenes'], {
    error: 'Please say what the video is.',
  }),
})

export type EpisodeValues = z.infer<typeof episodeSchema>
export type EpisodeRow = EpisodeValues & { id: number }
