// What a page's HTML carries from the route → assets map the web build emits (page-preloads.ts):
// a preload for each font of the first paint, a modulepreload for every module the page needs to
// go live, then its stylesheets inline.
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pagePreloader, readRouteAssets } from '../src/http/page-preloads.js'
import { writeWebDist, type WebDist } from './support/web-dist.js'

const MAP = {
  // A name that is not one of the build's own font files never reaches the HTML.
  fonts: [
    'assets/bangers-400-basic-h1.woff2',
    'https://elsewhere.example/x.woff2',
    'assets/"x.woff2',
    'assets/x.js',
  ],
  shell: {
    modules: ['assets/index-a1.js', 'assets/main-b2.js', 'assets/route-table-q8.js'],
    styles: ['assets/account-o6.css'],
  },
  routes: {
    episodes: {
      modules: ['assets/episodes-d4.js', 'assets/grid-e5.js'],
      styles: ['assets/episodes-f6.css', 'assets/grid-g7.css'],
    },
    // A name that is not one of the build's own files never reaches the HTML.
    odd: {
      modules: ['https://elsewhere.example/x.js', 'assets/"x.js'],
      styles: ['../secrets.css'],
    },
  },
}

let site: WebDist

beforeAll(async () => {
  site = await writeWebDist('preloads', {
    '.vite/route-assets.json': JSON.stringify(MAP),
    'assets/account-o6.css': '.account{color:teal}',
    'assets/episodes-f6.css': '.episode-card{color:red}',
    // A sheet that could end the <style> element early stays a stylesheet link.
    'assets/grid-g7.css': 'a{content:"</style>"}',
  })
})

afterAll(async () => {
  await site?.remove()
})

const preload = (file: string) => `<link rel="modulepreload" href="/${file}">`
const shell =
  '<link rel="preload" href="/assets/bangers-400-basic-h1.woff2" as="font" type="font/woff2" crossorigin>' +
  preload('assets/index-a1.js') +
  preload('assets/main-b2.js') +
  preload('assets/route-table-q8.js')
const account =
  '<style>.account{color:teal}</style><link rel="stylesheet" href="/assets/account-o6.css" disabled>'

describe('page hints from the route → assets map', () => {
  it("preloads the fonts, the shell's and the page's modules, then inlines their stylesheets", () => {
    const hintsFor = pagePreloader(readRouteAssets(site.dist), site.dist)
    expect(hintsFor(['root', '0-0', 'episodes'])).toEqual({
      head:
        shell +
        preload('assets/episodes-d4.js') +
        preload('assets/grid-e5.js') +
        account +
        '<style>.episode-card{color:red}</style>' +
        '<link rel="stylesheet" href="/assets/episodes-f6.css" disabled>' +
        '<link rel="stylesheet" crossorigin href="/assets/grid-g7.css">',
    })
  })

  it('gives a route the map does not name the shell only, and nothing without a map', () => {
    expect(pagePreloader(MAP, site.dist)(['root', 'not-found'])).toEqual({ head: shell + account })
    expect(pagePreloader(MAP, site.dist)(['root', 'toString'])).toEqual({ head: shell + account })
    expect(pagePreloader(undefined, site.dist)(['episodes'])).toEqual({ head: '' })
    expect(readRouteAssets(path.join(site.dist, 'missing'))).toBeUndefined()
  })

  it('puts only the build’s own asset files into the HTML', () => {
    expect(pagePreloader(MAP, site.dist)(['odd'])).toEqual({ head: shell + account })
  })
})
