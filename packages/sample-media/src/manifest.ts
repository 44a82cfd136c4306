// Everything the seed step loads into storage on the first start of an empty data directory:
// the rendered soundtracks, the generated track icons and the committed sample videos. Bytes are
// produced lazily, one object at a time, so the loader never holds all 35 MB of audio at once.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { sampleIcons } from './icons.js'
import { sampleTracks } from './music.js'
import { SAMPLE_VIDEOS } from './videos.js'

export interface SampleMediaObject {
  bucket: string
  /** Object name inside the bucket. */
  name: string
  contentType: string
  /** For committed files: their path relative to the repository root. */
  file?: string
  bytes(): Uint8Array
}

/** The images bucket the soundtrack players read track icons from. */
export const GAME_IMAGES_BUCKET = 'Rent Due Game Images'

/** The repository root, found from this module's own location (the same depth in src/ and
 * dist/), so seeding works whatever the working directory is. */
const REPO_ROOT = new URL('../../../', import.meta.url)

export function repoPath(file: string): string {
  return fileURLToPath(new URL(file, REPO_ROOT))
}

export function sampleMediaManifest(): SampleMediaObject[] {
  const tracks = [...sampleTracks()].map((track): SampleMediaObject => ({
    bucket: track.bucket,
    name: track.name,
    contentType: track.contentType,
    bytes: () => track.render(),
  }))
  const icons = sampleIcons().map((icon): SampleMediaObject => ({
    bucket: GAME_IMAGES_BUCKET,
    name: icon.name,
    contentType: 'image/svg+xml',
    bytes: () => new TextEncoder().encode(icon.svg),
  }))
  const videos = SAMPLE_VIDEOS.map((video): SampleMediaObject => ({
    bucket: video.bucket,
    name: video.name,
    contentType: 'video/webm',
    file: video.file,
    bytes: () => new Uint8Array(readFileSync(repoPath(video.file))),
  }))
  return [...tracks, ...icons, ...videos]
}
