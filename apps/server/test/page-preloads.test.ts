// What a page's HTML carries from the route → assets map the web build emits (page-preloads.ts):
// a modulepreload for every module the page needs to go live, then its stylesheets inline.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pagePreloader, readRouteAssets } from '../src/http/page-preloads.js'

const MAP = {
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

let dist: string

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'rentdue-preloads-'))
  await fs.mkdir(path.join(dist, 'assets'))
  await fs.mkdir(path.join(dist, '.vite'))
  await fs.writeFile(path.join(dist, '.vite', 'route-assets.json'), JSON.stringify(MAP))
  await fs.writeFile(path.join(dist, 'assets', 'account-o6.css'), '.account{color:teal}')
  await fs.writeFile(path.join(dist, 'assets', 'episodes-f6.css'), '.episode-card{color:red}')
  // A sheet that could end the <style> element early stays a stylesheet link.
  await fs.writeFile(path.join(dist, 'assets', 'grid-g7.css'), 'a{content:"</style>"}')
})

afterAll(async () => {
  await fs.rm(dist, { recursive: true, force: true })
})

const preload = (file: string) => `<link rel="modulepreload" href="/${file}">`
const shell =
  preload('assets/index-a1.js') + preload('assets/main-b2.js') + preload('assets/route-table-q8.js')
const account =
  '<style>.account{color:teal}</style><link rel="stylesheet" href="/assets/account-o6.css" disabled>'

describe('page hints from the route → assets map', () => {
  it("preloads the shell's and the page's modules, then inlines their stylesheets", () => {
    const hintsFor = pagePreloader(readRouteAssets(dist), dist)
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
    expect(pagePreloader(MAP, dist)(['root', 'not-found'])).toEqual({ head: shell + account })
    expect(pagePreloader(MAP, dist)(['root', 'toString'])).toEqual({ head: shell + account })
    expect(pagePreloader(undefined, dist)(['episodes'])).toEqual({ head: '' })
    expect(readRouteAssets(path.join(dist, 'missing'))).toBeUndefined()
  })

  it('puts only the build’s own asset files into the HTML', () => {
    expect(pagePreloader(MAP, dist)(['odd'])).toEqual({ head: shell + account })
  })
})
