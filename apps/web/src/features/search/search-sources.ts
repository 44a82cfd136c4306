// What the site search looks through. The static part comes from content/ (characters, cast,
// merch) and two short lists kept here (the site's pages and the game pages); episodes and news
// come from the database and the soundtrack's tracks from storage when the popup opens
// (docs/product/api.md#storage-reads: the same reads the pages make). A result links to its item on
// its page (lib/item-anchors.ts).
import { castEntries } from '../../content/cast'
import { characters } from '../../content/characters'
import { merchItems } from '../../content/merch'
import { castAnchor, merchAnchor, newsAnchor, trackAnchor } from '../../lib/item-anchors'
import { displayName } from '../../lib/playlist'
import { loadSoundtrackVolumes } from '../../lib/soundtrack-tracks'
import { getSupabase } from '../../lib/supabase'
import type { SearchEntry } from './search-match'

/** The site's pages (docs/product/pages.md#routes; the hidden game routes are under games). */
export const sitePages: readonly SearchEntry[] = [
  {
    kind: 'page',
    title: 'Home',
    text: 'The front door of The Briggs Arms: latest episode, news, games and merch.',
    to: '/',
  },
  { kind: 'page', title: 'Episodes', text: 'Watch every episode.', to: '/episodes' },
  {
    kind: 'page',
    title: 'Soundtrack',
    text: 'Listen to the four soundtrack volumes.',
    to: '/soundtrack',
  },
  {
    kind: 'page',
    title: 'News',
    text: 'News from the lobby corkboard, newest first.',
    to: '/news',
  },
  { kind: 'page', title: 'Games', text: 'Play games in the browser.', to: '/games' },
  { kind: 'page', title: 'Shop', text: 'Merchandise: hoodies, mugs and more.', to: '/shop' },
  {
    kind: 'page',
    title: 'Behind the Scenes',
    text: 'BTS videos: how each episode is drawn, voiced and scored.',
    to: '/bts',
  },
  { kind: 'page', title: 'Creators', text: 'The people who make the show.', to: '/creators' },
  {
    kind: 'page',
    title: 'Cast',
    text: 'Characters and the voice actors behind them.',
    to: '/cast',
  },
]

/**
 * The game pages, including the two the games list does not link (docs/product/pages.md#routes).
 */
export const gamePages: readonly SearchEntry[] = [
  {
    kind: 'game',
    title: 'Fan Quiz',
    text: 'Ten questions about the show. A perfect ten enters the merch giveaway.',
    to: '/games/fan-quiz',
  },
  {
    kind: 'game',
    title: 'Whack-a-Bertha',
    text: 'Eight doors, thirty seconds, one landlady.',
    to: '/games/whack-a-bertha',
  },
  {
    kind: 'game',
    title: 'Bill Collector',
    text: 'Pick a roommate, catch the dollars, dodge the bills, make rent.',
    to: '/games/bill-collector',
  },
  {
    kind: 'game',
    title: 'Penny Pinchers',
    text: 'Toss your last coins into the rent jar.',
    to: '/games/penny-pitchers',
  },
]

/** Everything that needs no network: pages, characters, cast, merch and games. */
export function staticEntries(): SearchEntry[] {
  return [
    ...sitePages,
    ...characters.map((c): SearchEntry => ({
      kind: 'character',
      title: c.name,
      text: [c.role, c.bio.occupation, c.bio.hobbies, c.bio.backstory].join(' '),
      to: `/cast#${castAnchor(c.id)}`,
    })),
    ...castEntries.map((c): SearchEntry => ({
      kind: 'cast',
      title: c.character,
      text: [`Voiced by ${c.actor}.`, c.description ?? ''].join(' '),
      to: `/cast#${castAnchor(c.id)}`,
    })),
    ...merchItems.map((m): SearchEntry => ({
      kind: 'merch',
      title: m.title,
      text: `${m.description} $${m.price}`,
      to: `/shop#${merchAnchor(m.id)}`,
    })),
    ...gamePages,
  ]
}

type EpisodeRow = { episode_number: number; title: string; synopsis: string }
type NewsRow = { id: number; headline: string; summary: string }

/**
 * Episodes and news from the database and the tracks of the four soundtrack volumes from
 * storage. A failed read leaves that kind (or volume) out (the popup still searches the rest) and
 * is only logged, like the pages' own failures (docs/product/errors.md#when-a-read-fails).
 */
export async function fetchDatabaseEntries(): Promise<SearchEntry[]> {
  const supabase = await getSupabase()
  const [episodes, news, volumes] = await Promise.all([
    supabase
      .from('episodes')
      .select('episode_number,title,synopsis')
      .order('episode_number', { ascending: true }),
    supabase.from('news').select('id,headline,summary').order('date', { ascending: false }),
    loadSoundtrackVolumes(supabase),
  ])
  if (episodes.error) console.error('Search: loading episodes failed', episodes.error)
  if (news.error) console.error('Search: loading news failed', news.error)
  return [
    ...((episodes.data ?? []) as EpisodeRow[]).map((e): SearchEntry => ({
      kind: 'episode',
      title: `Episode ${e.episode_number}: ${e.title}`,
      text: e.synopsis,
      to: `/episodes#episode-${e.episode_number}`,
    })),
    ...volumes.flatMap((v) =>
      v.tracks.map((t): SearchEntry => ({
        kind: 'track',
        title: displayName(t.name),
        text: `Soundtrack ${v.title}`,
        to: `/soundtrack#${trackAnchor(t.bucket, t.name)}`,
      })),
    ),
    ...((news.data ?? []) as NewsRow[]).map((n): SearchEntry => ({
      kind: 'news',
      title: n.headline,
      text: n.summary,
      to: `/news#${newsAnchor(n.id)}`,
    })),
  ]
}
