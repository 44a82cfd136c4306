// Site-wide copy the team edits: the title, tagline and navigation. Texts quoted by the product
// spec are used verbatim (docs/product/texts.md#site-name-and-navigation).

export const site = {
  title: 'Rent Due',
  tagline: 'Three roommates. One landlady. Zero rent money.',
  description:
    'The fan site of Rent Due, the adult animated comedy about three broke roommates and the landlady who wants her money.',
} as const

export type NavLink = { label: string; to: string; description: string }

export const mainNav: readonly NavLink[] = [
  { label: 'Watch', to: '/episodes', description: 'Episodes' },
  { label: 'Listen', to: '/soundtrack', description: 'Soundtrack' },
  { label: 'News', to: '/news', description: 'News' },
  { label: 'Play', to: '/games', description: 'Games' },
  { label: 'Shop', to: '/shop', description: 'Merch' },
  { label: 'BTS', to: '/bts', description: 'Behind the scenes' },
]

export const footerNav: readonly NavLink[] = [
  { label: 'Cast', to: '/cast', description: 'Cast' },
  { label: 'Creators', to: '/creators', description: 'Creators' },
]

/** The mobile 'Play Games' sheet (docs/product/pages.md#play-games-sheet). */
export const gamesSheetLinks: readonly NavLink[] = [
  {
    label: 'Fan Quiz',
    to: '/games/fan-quiz',
    description: 'Ten questions. How well do you know the building?',
  },
  {
    label: 'Penny Pitchers',
    to: '/games/penny-pitchers',
    description: 'Toss coins into the rent jar.',
  },
  { label: 'More Games', to: '/games', description: 'Every game in the arcade.' },
]

/** Builds a document title: 'Page · Rent Due', or the bare site name for Home. */
export function pageTitle(page?: string): string {
  return page ? `${page} · ${site.title}` : `${site.title} · ${site.tagline}`
}
