// What a page's HTML carries for the code it runs next (page-preloads.ts): modulepreloads of its
// route module's chunk and static imports, its stylesheets (lazy parts' too) inline.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pagePreloader } from '../src/http/page-preloads.js'

const MANIFEST = {
  'index.html': {
    file: 'assets/index-a1.js',
    isEntry: true,
    imports: ['_react-b2.js'],
    dynamicImports: ['src/app/routes/episodes.tsx'],
    css: ['assets/index-c3.css'],
  },
  '_react-b2.js': { file: 'assets/react-b2.js' },
  'src/app/routes/episodes.tsx': {
    file: 'assets/episodes-d4.js',
    imports: ['_react-b2.js', '_grid-e5.js', 'index.html'],
    dynamicImports: ['src/features/episodes/episode-dialog-body.tsx'],
    css: ['assets/episodes-f6.css'],
  },
  '_grid-e5.js': { file: 'assets/grid-e5.js', css: ['assets/grid-g7.css', 'assets/index-c3.css'] },
  'src/features/episodes/episode-dialog-body.tsx': {
    file: 'assets/episode-dialog-body-h8.js',
    css: ['assets/dialog-i9.css'],
  },
}

let dist: string

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'rentdue-preloads-'))
  await fs.mkdir(path.join(dist, 'assets'))
  await fs.writeFile(path.join(dist, 'assets', 'episodes-f6.css'), '.episode-card{color:red}')
  await fs.writeFile(path.join(dist, 'assets', 'dialog-i9.css'), '.dialog{color:blue}')
  // A sheet that could end the <style> element early stays a stylesheet link.
  await fs.writeFile(path.join(dist, 'assets', 'grid-g7.css'), 'a{content:"</style>"}')
})

afterAll(async () => {
  await fs.rm(dist, { recursive: true, force: true })
})

describe('page preloads', () => {
  it("preloads the route chunk's static closure and inlines every stylesheet it may render", () => {
    expect(pagePreloader(MANIFEST, dist)(['root', 'episodes'])).toEqual({
      modules:
        '<link rel="modulepreload" crossorigin href="/assets/episodes-d4.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/grid-e5.js">',
      styles:
        '<style>.episode-card{color:red}</style>' +
        '<link rel="stylesheet" href="/assets/episodes-f6.css" disabled>' +
        '<link rel="stylesheet" crossorigin href="/assets/grid-g7.css">' +
        '<style>.dialog{color:blue}</style>' +
        '<link rel="stylesheet" href="/assets/dialog-i9.css" disabled>',
    })
  })

  it('gives a route without a module in the build nothing, nor anything without a manifest', () => {
    expect(pagePreloader(MANIFEST, dist)(['root', 'not-found'])).toEqual({
      modules: '',
      styles: '',
    })
    expect(pagePreloader(undefined, dist)(['episodes'])).toEqual({ modules: '', styles: '' })
  })
})
