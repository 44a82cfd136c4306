// Pure rules of the behind-the-scenes media (docs/product/pages.md#behind-the-scenes;
// docs/media.md): file names 'Episode N - <Title>.webm' are grouped by N into the four episode
// groups, the playlist shows the title, and Home picks three at random with an injected random
// source.

/** One listed file of the 'Behind the scenes' bucket with its public URL. */
export type BtsMedia = { name: string; url: string }

export type BtsVideo = BtsMedia & {
  /** What the playlist shows: the name without 'Episode N - ' and the extension. */
  title: string
  episode: number
}

export type BtsGroup = { episode: number; title: string; videos: BtsVideo[] }

export const BTS_EPISODES = [1, 2, 3, 4] as const

const episodePrefix = /^Episode (\d+) - /

/** 'EPISODE 2 - BEHIND THE SCENES' */
export function btsGroupTitle(episode: number): string {
  return `EPISODE ${episode} - BEHIND THE SCENES`
}

/** 'Episode 1 - Table Read.webm' → { episode: 1, title: 'Table Read' }; other names → undefined. */
export function parseBtsName(name: string): { episode: number; title: string } | undefined {
  const match = episodePrefix.exec(name)
  if (!match) return undefined
  const title = name
    .slice(match[0].length)
    .replace(/\.[^./]+$/, '')
    .trim()
  return { episode: Number(match[1]), title: title || name }
}

/**
 * Always the four groups, episode 1 to 4, each in name order; a group without files is empty.
 * Names that do not follow the rule (or name another episode) are left out and reported through
 * `onIgnored`.
 */
export function groupBtsMedia(
  files: readonly BtsMedia[],
  onIgnored: (name: string) => void = () => {},
): BtsGroup[] {
  const groups = BTS_EPISODES.map((episode) => ({
    episode,
    title: btsGroupTitle(episode),
    videos: [] as BtsVideo[],
  }))
  const sorted = [...files].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  for (const file of sorted) {
    const parsed = parseBtsName(file.name)
    const group = parsed && groups.find((g) => g.episode === parsed.episode)
    if (!parsed || !group) {
      onIgnored(file.name)
      continue
    }
    group.videos.push({ ...file, ...parsed })
  }
  return groups
}

/**
 * Up to `count` different items in random order (a partial Fisher–Yates shuffle). `random`
 * returns numbers in [0, 1) like Math.random; tests pass a seeded one.
 */
export function pickRandom<T>(items: readonly T[], count: number, random: () => number): T[] {
  const pool = [...items]
  const picked: T[] = []
  while (picked.length < count && pool.length > 0) {
    const index = Math.min(pool.length - 1, Math.floor(random() * pool.length))
    picked.push(pool.splice(index, 1)[0]!)
  }
  return picked
}

/**
 * Home's clips (docs/product/pages.md#home): up to `count` of the bucket, at random, picked by
 * Home's loader.
 */
export function pickHomeBtsVideos(
  media: readonly BtsMedia[],
  random: () => number = Math.random,
  count = 3,
): BtsVideo[] {
  const videos = groupBtsMedia(media).flatMap((group) => group.videos)
  return pickRandom(videos, count, random)
}

/**
 * The clips open on a second of black before their title card. Loading a clip at 1 s (a media
 * fragment) makes the paused player show that card as its thumbnail; playback from the start is
 * restored by `rewindOnFirstPlay`.
 */
export const THUMBNAIL_SECONDS = 1

export function thumbnailSrc(url: string): string {
  return `${url}#t=${THUMBNAIL_SECONDS}`
}
