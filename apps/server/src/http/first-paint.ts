// The first paint without JavaScript (decision 163): static markup the server puts into
// <div id="root"> of each page's HTML, so the sign and the page's heading show as soon as the
// HTML and the main CSS have arrived instead of after ~100 KiB of JS has run. It uses the same
// markup and classes that React renders (apps/web: app/site-header.tsx, features/home/
// home-page.tsx, ui/sub-page.tsx), with texts copied verbatim from there. React's createRoot
// render replaces it wholesale: new DOM nodes, so nothing counts as a layout shift, and no
// hydration to mismatch. The shell's <main> is aria-busy and has no id (the real one is #main).
import { normalisePath } from './route-meta.js'

const SIGN =
  '<header class="site-header" data-compact="false"><div class="site-header__inner">' +
  '<a href="/" class="neon" aria-label="Rent Due, home"><span class="neon__tube">Rent</span> ' +
  '<span class="neon__tube neon__tube--b">Due</span></a></div></header>'

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

function subPage(heading: string, intro: string): string {
  return (
    '<div class="sub-page"><div class="sub-page__top">' +
    '<a class="btn btn--secondary back-link" href="/">' +
    '<span aria-hidden="true" class="back-link__arrow">←</span>Back</a></div>' +
    `<header class="sub-page__header"><h1 class="page-title">${heading}</h1>` +
    `<p class="sub-page__intro">${intro}</p></header></div>`
  )
}

/**
 * The static first paint for a page: the sign and, for Home and the main sub-pages, the page's
 * heading. Other pages (games, admin, the EVICTED page) get the sign alone.
 */
export function firstPaintFor(pathname: string): string {
  const p = normalisePath(pathname)
  if (p === '/admin' || p.startsWith('/admin/')) return ''
  const sub = SUB_PAGES.get(p)
  const page = p === '/' ? HOME : sub ? subPage(sub.heading, sub.intro) : ''
  return `${SIGN}<main class="site-main" aria-busy="true">${page}</main>`
}

/** index.html with the first paint inside its (empty) root element. */
export function withFirstPaint(html: string, pathname: string): string {
  const shell = firstPaintFor(pathname)
  return shell ? html.replace('<div id="root"></div>', `<div id="root">${shell}</div>`) : html
}
