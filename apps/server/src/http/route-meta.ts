// What a link preview shows for each route of the site (SPEC §2 route table): the server writes
// these into index.html per request, so crawlers that run no JavaScript (chat apps, social
// networks, search engines' first pass) see the right title, description and card image.
// Titles equal what the page sets in document.title (apps/web: content/site.ts pageTitle() and
// the SubPage headings); apps/web/e2e/link-previews.spec.ts checks that they stay in step.

export const SITE_NAME = 'Rent Due'
const TAGLINE = 'Three roommates. One landlady. Zero rent money.'
const SITE_DESCRIPTION =
  'The fan site of Rent Due, the adult animated comedy about three broke roommates and the landlady who wants her money.'

export const OG_IMAGE = {
  path: '/og-image.png',
  width: 1200,
  height: 630,
  alt: 'Rent Due: Bertha the landlady and the three roommates under a neon sign at night.',
} as const

export interface RouteMeta {
  title: string
  description: string
  /** Search engines should not index the page (unknown paths, the admin console). */
  noindex: boolean
  /** HTTP status of the SPA HTML: 404 for paths the site does not have. */
  status: 200 | 404
}

function page(heading: string, description: string): RouteMeta {
  return { title: `${heading} · ${SITE_NAME}`, description, noindex: false, status: 200 }
}

/** Every public route of the site, keyed by its path without a trailing slash. */
export const routeMeta: ReadonlyMap<string, RouteMeta> = new Map<string, RouteMeta>([
  [
    '/',
    {
      title: `${SITE_NAME} · ${TAGLINE}`,
      description: SITE_DESCRIPTION,
      noindex: false,
      status: 200,
    },
  ],
  [
    '/episodes',
    page(
      'Episodes',
      'Watch every episode of Rent Due: three broke roommates, one landlady and a year of late rent.',
    ),
  ],
  [
    '/soundtrack',
    page(
      'Soundtrack',
      'Listen to the four Rent Due soundtrack volumes, from the 1st to the 4th, in the building’s own player.',
    ),
  ],
  [
    '/news',
    page('News', 'The latest Rent Due news, newest first, plus the virtual Meet the Cast Q&A.'),
  ],
  [
    '/games',
    page(
      'Games',
      'Play Rent Due games in your browser: the Fan Quiz, Whack-a-Bertha, Bill Collector and Penny Pinchers.',
    ),
  ],
  [
    '/games/fan-quiz',
    page(
      'Fan Quiz',
      'Ten questions about Rent Due. Score a perfect 10 to enter the monthly merch giveaway.',
    ),
  ],
  [
    '/games/penny-pitchers',
    page('Penny Pinchers', 'Toss your last coins into the rent jar before Bertha comes knocking.'),
  ],
  [
    '/games/bill-collector',
    page(
      'Bill Collector',
      'Pick a roommate, catch the dollars, dodge the bills and make rent in five rounds.',
    ),
  ],
  [
    '/games/whack-a-bertha',
    page(
      'Whack-a-Bertha',
      'Eight doors, one landlady, thirty seconds. Whack Bertha before she collects.',
    ),
  ],
  ['/shop', page('Shop', 'Rent Due merchandise: hoodies, mugs, posters and more from the store.')],
  [
    '/bts',
    page(
      'Behind the Scenes',
      'Behind the scenes of Rent Due: how each episode is drawn, voiced and scored.',
    ),
  ],
  ['/creators', page('Creators', 'Meet the people who make Rent Due.')],
  ['/cast', page('Cast', 'The characters of Rent Due and the voice actors behind them.')],
])

/** The EVICTED page: what every path the site does not have renders. */
export const notFoundMeta: RouteMeta = {
  title: `Evicted · ${SITE_NAME}`,
  description: 'This page has been evicted. Head home to Rent Due.',
  noindex: true,
  status: 404,
}

/** The admin console (apps/web features/admin): a real page, never indexed. */
export const adminMeta: RouteMeta = {
  title: `Admin · ${SITE_NAME}`,
  description: 'The Rent Due admin console.',
  noindex: true,
  status: 200,
}

/** '/episodes/' and '/episodes' are the same page; '/' stays '/'. */
export function normalisePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '')
  return trimmed === '' ? '/' : trimmed
}

export function metaFor(pathname: string): RouteMeta {
  const p = normalisePath(pathname)
  if (p === '/admin' || p.startsWith('/admin/')) return adminMeta
  return routeMeta.get(p) ?? notFoundMeta
}
