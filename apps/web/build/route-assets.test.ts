// The route → assets map (route-assets.ts) worked out from a bundle shaped like the real one: the
// entry (boot.ts) holds the global sheet and lazily loads the hydration module (main.tsx), which
// loads React DOM, the router and the route table (decision 302). The route table imports the
// header's button and lazily every page, the admin console and the layout's client-only parts
// (the radio bar); pages import shared code from both.
import { describe, expect, it } from 'vitest'
import { routeAssetsOf, type BuiltChunk } from './route-assets'

function chunk(file: string, rest: Partial<BuiltChunk> = {}): BuiltChunk {
  return { file, modules: [], isEntry: false, imports: [], dynamicImports: [], css: [], ...rest }
}

const CHUNKS: BuiltChunk[] = [
  chunk('assets/index-a1.js', {
    modules: ['index.html'],
    isEntry: true,
    dynamicImports: ['assets/main-b2.js'],
    css: ['assets/index-c3.css'],
  }),
  chunk('assets/main-b2.js', {
    modules: ['src/app/main.tsx'],
    imports: ['assets/index-a1.js'],
    dynamicImports: ['assets/client-p7.js', 'assets/router-kit-r1.js', 'assets/route-table-q8.js'],
  }),
  chunk('assets/client-p7.js', {
    modules: ['../../node_modules/react-dom/client.js'],
    imports: ['assets/main-b2.js', 'assets/react-dom-s2.js'],
  }),
  chunk('assets/react-dom-s2.js'),
  chunk('assets/router-kit-r1.js', {
    modules: ['src/app/router-kit.ts'],
    imports: ['assets/chunk-router-t3.js'],
  }),
  chunk('assets/chunk-router-t3.js'),
  chunk('assets/route-table-q8.js', {
    modules: ['src/app/route-table.tsx'],
    imports: ['assets/main-b2.js', 'assets/account-button-n5.js'],
    dynamicImports: [
      'assets/episodes-d4.js',
      'assets/page-news-w2.js',
      'assets/admin-j1.js',
      'assets/radio-bar-l3.js',
      'assets/form-action-u4.js',
    ],
  }),
  chunk('assets/account-button-n5.js', { css: ['assets/account-o6.css'] }),
  chunk('assets/episodes-d4.js', {
    modules: ['src/app/routes/episodes.tsx'],
    imports: ['assets/main-b2.js', 'assets/route-table-q8.js', 'assets/grid-e5.js'],
    dynamicImports: ['assets/episode-dialog-body-h8.js', 'assets/admin-j1.js'],
    css: ['assets/episodes-f6.css'],
  }),
  // A page's file that holds more than its route module (chunk-groups.ts): no facade module.
  chunk('assets/page-news-w2.js', {
    modules: ['src/features/news/news-list.tsx', 'src/app/routes/news.tsx'],
    imports: ['assets/main-b2.js', 'assets/grid-e5.js'],
    css: ['assets/news-x3.css'],
  }),
  chunk('assets/grid-e5.js', { css: ['assets/grid-g7.css', 'assets/index-c3.css'] }),
  chunk('assets/episode-dialog-body-h8.js', {
    modules: ['src/features/episodes/episode-dialog-body.tsx'],
    css: ['assets/dialog-i9.css'],
  }),
  chunk('assets/admin-j1.js', {
    modules: ['src/app/routes/admin.tsx'],
    imports: ['assets/main-b2.js', 'assets/route-table-q8.js'],
    css: ['assets/admin-k2.css'],
  }),
  chunk('assets/radio-bar-l3.js', {
    modules: ['src/features/radio/radio-bar.tsx'],
    css: ['assets/radio-bar-m4.css'],
  }),
  chunk('assets/form-action-u4.js', { modules: ['src/app/form-action.ts'] }),
]

describe('the route → assets map', () => {
  const map = routeAssetsOf(CHUNKS, ['assets/nunito-400-basic-v1.woff2'])

  it('names the fonts every page preloads', () => {
    expect(map.fonts).toEqual(['assets/nunito-400-basic-v1.woff2'])
  })

  it('preloads the entry, the hydration module and each module it loads, with their imports', () => {
    expect(map.shell.modules).toEqual([
      'assets/index-a1.js',
      'assets/main-b2.js',
      'assets/client-p7.js',
      'assets/react-dom-s2.js',
      'assets/router-kit-r1.js',
      'assets/chunk-router-t3.js',
      'assets/route-table-q8.js',
      'assets/account-button-n5.js',
    ])
    // The entry's own sheet is linked by index.html; the shell carries the rest.
    expect(map.shell.styles).toEqual(['assets/account-o6.css'])
  })

  it('gives a page its module and static imports, and every sheet it may render, lazy too', () => {
    expect(map.routes.episodes).toEqual({
      modules: ['assets/episodes-d4.js', 'assets/grid-e5.js'],
      styles: ['assets/episodes-f6.css', 'assets/grid-g7.css', 'assets/dialog-i9.css'],
    })
  })

  it('finds a page in a file that holds its route module among others', () => {
    expect(map.routes.news).toEqual({
      modules: ['assets/page-news-w2.js', 'assets/grid-e5.js'],
      styles: ['assets/news-x3.css', 'assets/grid-g7.css'],
    })
  })

  // The page imports shared code from the route table, which lazily imports every page, the admin
  // console and client-only parts (the radio bar, the form action): none of them is the page's.
  it('leaves out other pages and what the route table loads lazily', () => {
    expect(JSON.stringify(map.routes.episodes)).not.toMatch(/admin|radio|form-action/)
    expect(map.routes.admin).toEqual({
      modules: ['assets/admin-j1.js'],
      styles: ['assets/admin-k2.css'],
    })
    expect(Object.keys(map.routes).sort()).toEqual(['admin', 'episodes', 'news'])
  })
})

describe('the map of a build with one shell file (chunk-groups.ts)', () => {
  const map = routeAssetsOf([
    chunk('assets/index-a1.js', {
      modules: ['index.html', 'src/app/boot.ts'],
      isEntry: true,
      dynamicImports: ['assets/shell-b2.js'],
    }),
    chunk('assets/shell-b2.js', {
      modules: [
        'src/app/main.tsx',
        '../../node_modules/react-dom/client.js',
        'src/app/router-kit.ts',
        'src/app/route-table.tsx',
      ],
      dynamicImports: ['assets/page-home-c3.js', 'assets/search-d4.js'],
    }),
    chunk('assets/page-home-c3.js', {
      modules: ['src/app/routes/home.tsx'],
      imports: ['assets/shell-b2.js'],
    }),
    chunk('assets/search-d4.js', { modules: ['src/features/search/search-dialog.tsx'] }),
  ])

  it('preloads the shell file, not what it loads lazily', () => {
    expect(map.shell.modules).toEqual(['assets/index-a1.js', 'assets/shell-b2.js'])
    expect(map.routes).toEqual({ home: { modules: ['assets/page-home-c3.js'], styles: [] } })
  })
})
