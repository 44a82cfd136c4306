// What a page's HTML carries for its first paint (page-preloads.ts): the stylesheets of the
// shell (the hydration module and the route table it loads) and of the page's route module with
// everything that may render (lazy parts too), inline; nobody else's.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pagePreloader } from '../src/http/page-preloads.js'

// The shape of a real build: the entry (boot.ts) holds the global sheet and lazily loads the
// hydration module (main.tsx), which loads React DOM and then the route table (decision 250). The
// route table imports the header's button and lazily every page, the admin console and the
// layout's client-only parts (the radio bar); pages import shared code from both.
const MANIFEST = {
  'index.html': {
    file: 'assets/index-a1.js',
    isEntry: true,
    dynamicImports: ['src/app/main.tsx'],
    css: ['assets/index-c3.css'],
  },
  'src/app/main.tsx': {
    file: 'assets/main-b2.js',
    dynamicImports: ['node_modules/react-dom/client.js', 'src/app/route-table.tsx'],
  },
  'node_modules/react-dom/client.js': {
    file: 'assets/client-p7.js',
    imports: ['src/app/main.tsx'],
  },
  'src/app/route-table.tsx': {
    file: 'assets/route-table-q8.js',
    imports: ['src/app/main.tsx', '_account-button-n5.js'],
    dynamicImports: [
      'src/app/routes/episodes.tsx',
      'src/app/routes/admin.tsx',
      'src/features/radio/radio-bar.tsx',
    ],
  },
  '_account-button-n5.js': { file: 'assets/account-button-n5.js', css: ['assets/account-o6.css'] },
  'src/app/routes/episodes.tsx': {
    file: 'assets/episodes-d4.js',
    imports: ['src/app/main.tsx', 'src/app/route-table.tsx', '_grid-e5.js'],
    dynamicImports: ['src/features/episodes/episode-dialog-body.tsx'],
    css: ['assets/episodes-f6.css'],
  },
  '_grid-e5.js': { file: 'assets/grid-e5.js', css: ['assets/grid-g7.css', 'assets/index-c3.css'] },
  'src/features/episodes/episode-dialog-body.tsx': {
    file: 'assets/episode-dialog-body-h8.js',
    css: ['assets/dialog-i9.css'],
  },
  'src/app/routes/admin.tsx': {
    file: 'assets/admin-j1.js',
    imports: ['src/app/main.tsx', 'src/app/route-table.tsx'],
    css: ['assets/admin-k2.css'],
  },
  'src/features/radio/radio-bar.tsx': {
    file: 'assets/radio-bar-l3.js',
    imports: ['src/app/main.tsx', 'src/app/route-table.tsx'],
    css: ['assets/radio-bar-m4.css'],
  },
}

let dist: string

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'rentdue-preloads-'))
  await fs.mkdir(path.join(dist, 'assets'))
  await fs.writeFile(path.join(dist, 'assets', 'account-o6.css'), '.account{color:teal}')
  await fs.writeFile(path.join(dist, 'assets', 'episodes-f6.css'), '.episode-card{color:red}')
  await fs.writeFile(path.join(dist, 'assets', 'dialog-i9.css'), '.dialog{color:blue}')
  await fs.writeFile(path.join(dist, 'assets', 'admin-k2.css'), '.admin{color:green}')
  await fs.writeFile(path.join(dist, 'assets', 'radio-bar-m4.css'), '.radio{color:gold}')
  // A sheet that could end the <style> element early stays a stylesheet link.
  await fs.writeFile(path.join(dist, 'assets', 'grid-g7.css'), 'a{content:"</style>"}')
})

afterAll(async () => {
  await fs.rm(dist, { recursive: true, force: true })
})

const account =
  '<style>.account{color:teal}</style><link rel="stylesheet" href="/assets/account-o6.css" disabled>'

describe('page stylesheets', () => {
  it("inlines the shell's sheets, then every sheet the page may render", () => {
    expect(pagePreloader(MANIFEST, dist)(['root', 'episodes'])).toEqual({
      styles:
        account +
        '<style>.episode-card{color:red}</style>' +
        '<link rel="stylesheet" href="/assets/episodes-f6.css" disabled>' +
        '<link rel="stylesheet" crossorigin href="/assets/grid-g7.css">' +
        '<style>.dialog{color:blue}</style>' +
        '<link rel="stylesheet" href="/assets/dialog-i9.css" disabled>',
    })
  })

  // The page imports shared code from the route table, which lazily imports every page, the admin
  // console and client-only parts (the radio bar): none of their sheets is the page's. The value
  // above already lists every sheet; here the reason is named.
  it("leaves out other pages' stylesheets and the route table's lazily loaded ones", () => {
    const { styles } = pagePreloader(MANIFEST, dist)(['root', 'episodes'])
    expect(styles).not.toContain('admin')
    expect(styles).not.toContain('radio')
    expect(pagePreloader(MANIFEST, dist)(['root', 'admin']).styles).toBe(
      account +
        '<style>.admin{color:green}</style>' +
        '<link rel="stylesheet" href="/assets/admin-k2.css" disabled>',
    )
  })

  it('gives a route without a module in the build the shell only, and nothing without a manifest', () => {
    expect(pagePreloader(MANIFEST, dist)(['root', 'not-found'])).toEqual({ styles: account })
    expect(pagePreloader(undefined, dist)(['episodes'])).toEqual({ styles: '' })
  })
})
