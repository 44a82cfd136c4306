// Which file each module goes into (chunk-groups.ts), on a module graph shaped like the real one:
// the entry lazily loads main.tsx, which lazily loads React DOM's client, the router kit and the
// route table; the route table lazily loads the pages, which share some modules.
import { describe, expect, it } from 'vitest'
import { chunkGrouper, SMALL_SHARED, type GraphModule } from './chunk-groups'

const W = '/repo/apps/web/src'
const GRAPH: Record<string, GraphModule> = {}

/** A module with its static imports; its importers are filled in from those. */
function add(id: string, imports: string[] = [], rest: Partial<GraphModule> = {}) {
  GRAPH[id] = {
    isEntry: false,
    importers: [],
    dynamicImporters: [],
    importedIds: imports,
    dynamicallyImportedIds: [],
    code: 'x',
    ...GRAPH[id],
    ...rest,
  }
}

function lazy(from: string, to: string) {
  ;(GRAPH[from]!.dynamicallyImportedIds as string[]).push(to)
}

const INDEX = '/repo/apps/web/index.html'
const MAIN = `${W}/app/main.tsx`
const CLIENT = '/repo/node_modules/react-dom/client.js'
const REACT_DOM = '/repo/node_modules/react-dom/cjs/react-dom-client.production.js'
const TABLE = `${W}/app/route-table.tsx`
const NEWS = `${W}/app/routes/news.tsx`
const HOME = `${W}/app/routes/home.tsx`
const GAMES = `${W}/app/routes/games.tsx`
const SHOP = `${W}/app/routes/shop.tsx`
const SEARCH = `${W}/features/search/search-dialog.tsx`

add(INDEX, [], { isEntry: true })
add(MAIN)
add(CLIENT, [REACT_DOM])
add(REACT_DOM)
add(TABLE, [`${W}/lib/supabase.ts`, `${W}/ui/a.ts`])
add(`${W}/lib/supabase.ts`, [`${W}/lib/runtime-config.ts`])
add(`${W}/lib/runtime-config.ts`)
// An import cycle below the route table.
add(`${W}/ui/a.ts`, [`${W}/ui/b.ts`])
add(`${W}/ui/b.ts`, [`${W}/ui/a.ts`])
add(NEWS, [
  `${W}/news/memo-text.ts`,
  `${W}/lib/supabase.ts`,
  `${W}/ui/news-memo.tsx`,
  `${W}/ui/link.tsx`,
  `${W}/news/list.tsx`,
])
add(HOME, [`${W}/ui/news-memo.tsx`, `${W}/ui/link.tsx`, `${W}/ui/picker.tsx`])
add(GAMES, [`${W}/ui/link.tsx`, `${W}/ui/picker.tsx`])
add(SHOP, [`${W}/ui/stage.tsx`])
// Shared by two pages and small; it imports a module all three share (small too).
add(`${W}/ui/news-memo.tsx`, [`${W}/ui/link.tsx`])
add(`${W}/ui/link.tsx`)
// Shared by three pages and heavy: a file of its own.
add(`${W}/ui/stage.tsx`, [], { code: 'x'.repeat(SMALL_SHARED) })
// Small, but it imports the heavy one: in common it would bring that file to every page.
add(`${W}/ui/picker.tsx`, [`${W}/ui/stage.tsx`])
// A part news imports and Home loads lazily (below its fold).
add(`${W}/news/list.tsx`)
// A dialog only news loads lazily, and what it shares with the page.
add(`${W}/news/dialog.tsx`, [`${W}/news/memo-text.ts`])
add(`${W}/news/memo-text.ts`)
// A lazy part of the shell that no page imports.
add(SEARCH, [`${W}/ui/link.tsx`])
lazy(INDEX, MAIN)
for (const id of [CLIENT, TABLE]) lazy(MAIN, id)
for (const id of [NEWS, HOME, GAMES, SHOP]) lazy(TABLE, id)
lazy(HOME, `${W}/news/list.tsx`)
lazy(NEWS, `${W}/news/dialog.tsx`)
lazy(`${W}/lib/supabase.ts`, SEARCH)
for (const [id, module] of Object.entries(GRAPH)) {
  for (const next of module.importedIds) (GRAPH[next]!.importers as string[]).push(id)
  for (const next of module.dynamicallyImportedIds)
    (GRAPH[next]!.dynamicImporters as string[]).push(id)
}

const group = chunkGrouper((id) => GRAPH[id] ?? null)

describe('chunk groups', () => {
  it('puts the hydration modules and what they import, at any depth, into the shell', () => {
    for (const id of [MAIN, CLIENT, REACT_DOM, TABLE, `${W}/lib/supabase.ts`]) {
      expect(group(id), id).toBe('shell')
    }
    expect(group(`${W}/lib/runtime-config.ts`)).toBe('shell')
    expect(group(`${W}/ui/a.ts`)).toBe('shell')
    expect(group(`${W}/ui/b.ts`)).toBe('shell')
  })

  it('gives each page one file with what only it loads, its own lazy parts included', () => {
    expect(group(NEWS)).toBe('page-news')
    expect(group(`${W}/news/memo-text.ts`)).toBe('page-news')
    expect(group(HOME)).toBe('page-home')
    expect(group(GAMES)).toBe('page-games')
  })

  it('leaves out of a page’s file what a part another page loads imports too', () => {
    // Home loading its news section would load all of page-news.
    expect(group(`${W}/news/list.tsx`)).toBeNull()
  })

  it('puts what pages share into common when it is small, else into a file per set of pages', () => {
    expect(group(`${W}/ui/news-memo.tsx`)).toBe('common')
    expect(group(`${W}/ui/link.tsx`)).toBe('common')
    expect(group(`${W}/ui/stage.tsx`)).toMatch(/^shared-[0-9a-f]{8}$/)
  })

  it('keeps a small shared set out of common when it imports a set with a file of its own', () => {
    expect(group(`${W}/ui/picker.tsx`)).toMatch(/^shared-[0-9a-f]{8}$/)
    expect(group(`${W}/ui/picker.tsx`)).not.toBe(group(`${W}/ui/stage.tsx`))
  })

  it('leaves the entry and what no page imports where the bundler puts them', () => {
    expect(group(INDEX)).toBeNull()
    expect(group(SEARCH)).toBeNull()
    expect(group(`${W}/news/dialog.tsx`)).toBeNull()
    expect(group('/repo/elsewhere.ts')).toBeNull()
  })
})
