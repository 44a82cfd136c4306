// The first paint without JavaScript (decision 163): static markup the server puts into
// <div id="root"> of each page's HTML, so the sign, the page's heading and, on /episodes and
// /news, the content at the top show as soon as the HTML has arrived instead of after ~100 KiB
// of JS has run. It uses the same markup and classes that React renders (apps/web: app/
// site-header.tsx, features/home/home-page.tsx, ui/sub-page.tsx, the episode cards and the
// pinned news memos), with texts copied verbatim from there; the episodes are read from the
// database as anon, as the page itself reads them. React's createRoot
// render replaces it wholesale: new DOM nodes, so nothing counts as a layout shift, and no
// hydration to mismatch. The shell's <main> is aria-busy and has no id (the real one is #main).
import { escapeHtml } from './escape-html.js'
import { normalisePath } from './route-meta.js'

/**
 * The sign, and the four lit windows still empty (the portraits are React's): on a phone the
 * windows are the header's second row, so the page below does not move when React's header
 * replaces this one.
 */
const SIGN =
  '<header class="site-header" data-compact="false"><div class="site-header__inner">' +
  '<a href="/" class="neon" aria-label="Rent Due, home"><span class="neon__tube">Rent</span> ' +
  '<span class="neon__tube neon__tube--b">Due</span></a>' +
  `<ul class="windows" aria-hidden="true">${'<li><span class="window"></span></li>'.repeat(4)}</ul>` +
  '</div></header>'

const HOME =
  '<div class="home"><section class="hero" aria-labelledby="hero-title">' +
  '<div class="hero__notice notice"><span class="notice__tape" aria-hidden="true"></span>' +
  '<p class="hero__stamp" aria-hidden="true">Past due</p>' +
  '<p class="hero__kicker">Now streaming · Rated MA</p>' +
  '<h1 id="hero-title" class="hero__title">Three roommates. One landlady. Zero rent money.</h1>' +
  '<p class="hero__text">Dez, Rosie and Tubbs are three broke roommates at The Briggs Arms. ' +
  'Bertha Briggs is the landlady who wants her money. Every episode, the rent is due.</p>' +
  '<div class="hero__actions">' +
  '<a class="btn btn--primary btn--large" href="/episodes">WATCH NOW!</a>' +
  '<a class="btn btn--secondary btn--large" href="/episodes">WATCH RANDOM EPISODE</a>' +
  '</div></div>' +
  '<figure class="hero__tv"><div class="hero-video" aria-hidden="true">' +
  '<img class="hero-video__still" src="/media/episodes/header-still.svg" alt="" width="640" ' +
  'height="360" fetchpriority="high"></div>' +
  '<figcaption>Tonight at The Briggs Arms</figcaption></figure></section></div>'

/** The h1 and intro line of the sub-pages benched for first paint (each page's <SubPage>). */
const SUB_PAGES: ReadonlyMap<string, { heading: string; intro: string }> = new Map([
  [
    '/episodes',
    { heading: 'Episodes', intro: 'Every episode of the building’s worst year, on repeat.' },
  ],
  [
    '/soundtrack',
    {
      heading: 'Soundtrack',
      intro: 'Four volumes of music from the walk-up. Turn it up; Bertha can’t hear you.',
    },
  ],
  ['/news', { heading: 'News', intro: 'Memos from the lobby corkboard, newest first.' }],
  ['/games', { heading: 'Games', intro: 'Play while you wait for the landlady to stop knocking.' }],
])

/** An episode row as the first paint of /episodes shows it (the public columns of `episodes`). */
export interface FirstPaintEpisode {
  episode_number: number
  title: string
  synopsis: string
  thumbnail: string
}

/** What the first paint draws beyond static text; read per request by static-site.ts. */
export interface FirstPaintContent {
  /** The episodes as anon reads them; undefined when they could not be read in time. */
  episodes?: readonly FirstPaintEpisode[]
  /** The date the team-application memo on /news shows (today). */
  today?: Date
}

/**
 * Pages whose own stylesheets go into the HTML: /episodes and /news, whose first paint draws
 * content they style, and Home, whose stylesheet would otherwise arrive after React has rendered
 * the page and make the browser restyle all of it (a 75-150 ms task on a phone's CPU).
 */
export const INLINE_PAGE_STYLES: ReadonlySet<string> = new Set(['/', '/episodes', '/news'])

const e = escapeHtml

function loading(label: string): string {
  return (
    '<div class="loading" role="status"><span class="loading__coin" aria-hidden="true"></span>' +
    `<span class="loading__label">${label}</span></div>`
  )
}

const PLAY_ICON =
  '<span class="episode-card__play" aria-hidden="true"><svg viewBox="0 0 48 48">' +
  '<circle cx="24" cy="24" r="22"></circle><path d="M19 14v20l16-10z"></path></svg></span>'

/**
 * features/episodes/episode-card.tsx as /episodes renders it (the first two load eagerly), its
 * title a link to the card's own #episode-N.
 */
function episodeCard(episode: FirstPaintEpisode, index: number): string {
  const n = episode.episode_number
  const src = episode.thumbnail
  const image =
    src.startsWith('/') || src.startsWith('https://')
      ? `<img src="${e(src)}" alt="" width="640" height="360" loading="${index < 2 ? 'eager' : 'lazy'}"` +
        (index === 0 ? ' fetchpriority="high" decoding="sync">' : ' decoding="async">')
      : ''
  return (
    `<li><article class="episode-card" id="episode-${n}"><div class="episode-card__thumb">` +
    `${image}${PLAY_ICON}</div><p class="episode-card__badge" aria-hidden="true">EP ${n}</p>` +
    // A link, not React's button: a tap before the JS has run sets #episode-N, and the grid
    // opens that episode as it mounts (its share-link behaviour).
    `<h2 class="episode-card__title"><a href="#episode-${n}" class="episode-card__button" ` +
    `aria-label="Play EP ${n}: ${e(episode.title)}">${e(episode.title)}</a></h2>` +
    `<p class="episode-card__synopsis">${e(episode.synopsis)}</p></article></li>`
  )
}

/** features/episodes/episode-grid.tsx: the cards, or its loading or empty state. */
function episodesBody(episodes: readonly FirstPaintEpisode[] | undefined): string {
  if (!episodes) return loading('Loading episodes...')
  if (episodes.length === 0) {
    return '<p class="episodes-error">No episodes yet. The first one is on its way.</p>'
  }
  return `<ul class="episode-grid" aria-label="Episodes">${episodes.map(episodeCard).join('')}</ul>`
}

/**
 * features/news/news-page.tsx with the two pinned memos of app/news-route.tsx
 * (audience-signup-card.tsx, team-application-card.tsx) and the news list still loading.
 */
function newsBody(today: Date): string {
  const [y, m, d] = [today.getFullYear(), today.getMonth() + 1, today.getDate()]
  const iso = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`
  const date = `<time datetime="${iso}">${m}/${d}/${y}</time>`
  return (
    '<div class="news-page"><section class="news-page__section" aria-labelledby="news-pinned">' +
    '<h2 id="news-pinned" class="news-page__heading">Pinned</h2>' +
    '<div class="form-cards news-page__pins">' +
    '<article class="form-card notice" aria-labelledby="qa-card-title">' +
    '<span class="notice__pin" aria-hidden="true"></span><p class="form-card__meta">' +
    '<span class="form-card__pinned">Pinned</span> <time datetime="2025-09-06">9/6/2025</time></p>' +
    '<h3 id="qa-card-title" class="form-card__title">Meet the Cast: Virtual Q&amp;A</h3>' +
    '<p>Dez, Rosie, Tubbs and Bertha&#39;s voices answer your questions live. Seats are limited.</p>' +
    '<button type="button" class="btn btn--primary">Save my seat</button></article>' +
    '<article class="form-card notice" aria-labelledby="team-card-title">' +
    `<span class="notice__pin" aria-hidden="true"></span><p class="form-card__meta">${date}</p>` +
    '<h3 id="team-card-title" class="form-card__title">Join the Team</h3>' +
    '<p>Voice actors, writers, animators, licensing and street team: the building is hiring ' +
    '(rent not included).</p>' +
    '<button type="button" class="btn btn--primary">Apply Now</button></article></div></section>' +
    '<section class="news-page__section" aria-labelledby="news-latest">' +
    '<h2 id="news-latest" class="news-page__heading">From the office</h2>' +
    `${loading('Loading news...')}</section></div>`
  )
}

function subPage(heading: string, intro: string, body: string): string {
  return (
    '<div class="sub-page"><div class="sub-page__top">' +
    '<a class="btn btn--secondary back-link" href="/">' +
    '<span aria-hidden="true" class="back-link__arrow">←</span>Back</a></div>' +
    `<header class="sub-page__header"><h1 class="page-title">${heading}</h1>` +
    `<p class="sub-page__intro">${intro}</p></header>` +
    (body ? `<div class="sub-page__body">${body}</div>` : '') +
    '</div>'
  )
}

function subPageBody(path: string, content: FirstPaintContent): string {
  if (path === '/episodes') return episodesBody(content.episodes)
  if (path === '/news') return newsBody(content.today ?? new Date())
  return ''
}

/**
 * The static first paint for a page: the sign and, for Home and the main sub-pages, the page's
 * heading; /episodes adds its cards and /news its pinned memos. Other pages (games, admin, the
 * EVICTED page) get the sign alone.
 */
export function firstPaintFor(pathname: string, content: FirstPaintContent = {}): string {
  const p = normalisePath(pathname)
  if (p === '/admin' || p.startsWith('/admin/')) return ''
  const sub = SUB_PAGES.get(p)
  const page =
    p === '/' ? HOME : sub ? subPage(sub.heading, sub.intro, subPageBody(p, content)) : ''
  return `${SIGN}<main class="site-main" aria-busy="true">${page}</main>`
}

/** index.html with the first paint inside its (empty) root element. */
export function withFirstPaint(
  html: string,
  pathname: string,
  content: FirstPaintContent = {},
): string {
  const shell = firstPaintFor(pathname, content)
  return shell ? html.replace('<div id="root"></div>', `<div id="root">${shell}</div>`) : html
}
