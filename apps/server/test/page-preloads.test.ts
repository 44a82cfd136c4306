// The hints a page's HTML carries for what it loads next (page-preloads.ts, decision 163).
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { pagePreloader } from '../src/http/page-preloads.js'

const MANIFEST = {
  'index.html': {
    file: 'assets/index-a1.js',
    isEntry: true,
    imports: ['_react-b2.js'],
    css: ['assets/index-c3.css'],
  },
  '_react-b2.js': { file: 'assets/react-b2.js' },
  'src/features/episodes/episodes-page.tsx': {
    file: 'assets/episodes-page-d4.js',
    imports: ['_react-b2.js', '_grid-e5.js', 'index.html'],
    css: ['assets/episodes-f6.css'],
  },
  '_grid-e5.js': { file: 'assets/grid-e5.js', css: ['assets/grid-g7.css', 'assets/index-c3.css'] },
  '../../node_modules/@supabase/supabase-js/dist/index.mjs': {
    file: 'assets/dist-h8.js',
    imports: ['_react-b2.js'],
  },
}

describe('page preloads', () => {
  it("lists the page chunk's closure and supabase-js, minus what the entry already loads", () => {
    expect(pagePreloader(MANIFEST)('/episodes/')).toEqual({
      head: '',
      deferred:
        '<link rel="modulepreload" crossorigin href="/assets/episodes-page-d4.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/grid-e5.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/dist-h8.js">' +
        '<link rel="preload" as="style" crossorigin href="/assets/episodes-f6.css">' +
        '<link rel="preload" as="style" crossorigin href="/assets/grid-g7.css">',
    })
  })

  it('gives a path without a page chunk the supabase-js hint alone, and nothing without a manifest', () => {
    expect(pagePreloader(MANIFEST)('/no-such-page')).toEqual({
      head: '',
      deferred: '<link rel="modulepreload" crossorigin href="/assets/dist-h8.js">',
    })
    expect(pagePreloader(undefined)('/episodes')).toEqual({ head: '', deferred: '' })
  })

  it('puts the stylesheets of a page whose first paint uses them inline, the rest as before', async () => {
    const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'rentdue-preloads-'))
    try {
      await fs.mkdir(path.join(dist, 'assets'))
      await fs.writeFile(path.join(dist, 'assets', 'episodes-f6.css'), '.episode-card{color:red}')
      // A sheet that could end the <style> element early stays a preload.
      await fs.writeFile(path.join(dist, 'assets', 'grid-g7.css'), 'a{content:"</style>"}')
      const hints = pagePreloader(MANIFEST, {
        webDist: dist,
        inlineStylesFor: new Set(['/episodes']),
      })
      expect(hints('/episodes')).toEqual({
        head:
          '<style>.episode-card{color:red}</style>' +
          '<link rel="stylesheet" href="/assets/episodes-f6.css" disabled>',
        deferred:
          '<link rel="modulepreload" crossorigin href="/assets/episodes-page-d4.js">' +
          '<link rel="modulepreload" crossorigin href="/assets/grid-e5.js">' +
          '<link rel="modulepreload" crossorigin href="/assets/dist-h8.js">' +
          '<link rel="preload" as="style" crossorigin href="/assets/grid-g7.css">',
      })
      expect(hints('/no-such-page').head).toBe('')
    } finally {
      await fs.rm(dist, { recursive: true, force: true })
    }
  })
})
