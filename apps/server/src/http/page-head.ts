// A page's head tags, written by the server from what the page's route module says about it
// (its handle: title, description, noindex; apps/web app/route-handle.ts) plus the site's own
// facts: canonical URL (SITE_URL + path), Open Graph and a Twitter card for link previews.
import { escapeHtml } from './escape-html.js'

export const SITE_NAME = 'Rent Due'

export const OG_IMAGE = {
  path: '/og-image.png',
  width: 1200,
  height: 630,
  alt: 'Rent Due: Bertha the landlady and the three roommates under a neon sign at night.',
} as const

export interface PageMeta {
  title: string
  description: string
  /** Search engines should not index the page (unknown paths, the admin console). */
  noindex: boolean
  /** The page's own link preview image (an episode's thumbnail); the site's card otherwise. */
  image?: { src: string; alt: string }
}

/** An image path or URL as an absolute URL on the site (a site path) or as it is (https). */
function absoluteImage(src: string, siteUrl: string): string | undefined {
  if (/^\/(?![/\\])/.test(src)) return siteUrl + src
  return src.startsWith('https://') ? src : undefined
}

/** '/episodes/' and '/episodes' are the same page; '/' stays '/'. */
export function normalisePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '')
  return trimmed === '' ? '/' : trimmed
}

/** The per-page head tags. `url` is the page's absolute URL; every value is HTML-escaped. */
export function headTags(meta: PageMeta, url: string, siteUrl: string): string {
  const e = escapeHtml
  const own = meta.image && absoluteImage(meta.image.src, siteUrl)
  const image = own ?? `${siteUrl}${OG_IMAGE.path}`
  const tags = [
    `<title>${e(meta.title)}</title>`,
    `<meta name="description" content="${e(meta.description)}">`,
    meta.noindex
      ? '<meta name="robots" content="noindex">'
      : `<link rel="canonical" href="${e(url)}">`,
    '<meta property="og:type" content="website">',
    `<meta property="og:site_name" content="${e(SITE_NAME)}">`,
    `<meta property="og:title" content="${e(meta.title)}">`,
    `<meta property="og:description" content="${e(meta.description)}">`,
    // A page kept out of search (EVICTED) has no address worth sharing: it is one page for every
    // path that is not the site's, the same bytes for all of them (the render cache keeps it once).
    ...(meta.noindex ? [] : [`<meta property="og:url" content="${e(url)}">`]),
    `<meta property="og:image" content="${e(image)}">`,
    ...(own
      ? [`<meta property="og:image:alt" content="${e(meta.image?.alt ?? '')}">`]
      : [
          `<meta property="og:image:width" content="${OG_IMAGE.width}">`,
          `<meta property="og:image:height" content="${OG_IMAGE.height}">`,
          `<meta property="og:image:alt" content="${e(OG_IMAGE.alt)}">`,
        ]),
    '<meta name="twitter:card" content="summary_large_image">',
    `<meta name="twitter:title" content="${e(meta.title)}">`,
    `<meta name="twitter:description" content="${e(meta.description)}">`,
    `<meta name="twitter:image" content="${e(image)}">`,
  ]
  return tags.join('')
}
