// Which modules go into the one file every page loads to go live (chunk-groups.ts), on a module
// graph shaped like the real one: the entry lazily loads main.tsx, which lazily loads React DOM's
// client, the router kit and the route table; the route table lazily loads the pages.
import { describe, expect, it } from 'vitest'
import { chunkGrouper, type GraphModule } from './chunk-groups'

const W = '/repo/apps/web/src'
const GRAPH: Record<string, GraphModule> = {}

function add(id: string, rest: Partial<GraphModule> = {}) {
  GRAPH[id] = { isEntry: false, importers: [], dynamicImporters: [], ...rest }
}

add('/repo/apps/web/index.html', { isEntry: true })
add(`${W}/app/main.tsx`, { dynamicImporters: ['/repo/apps/web/index.html'] })
add('/repo/node_modules/react-dom/client.js', { dynamicImporters: [`${W}/app/main.tsx`] })
add('/repo/node_modules/react-dom/cjs/react-dom-client.production.js', {
  importers: ['/repo/node_modules/react-dom/client.js'],
})
add(`${W}/app/route-table.tsx`, { dynamicImporters: [`${W}/app/main.tsx`] })
add(`${W}/lib/supabase.ts`, { importers: [`${W}/app/route-table.tsx`, `${W}/app/routes/news.tsx`] })
add(`${W}/lib/runtime-config.ts`, { importers: [`${W}/lib/supabase.ts`] })
add(`${W}/app/routes/news.tsx`, { dynamicImporters: [`${W}/app/route-table.tsx`] })
add(`${W}/ui/news-memo.tsx`, {
  importers: [`${W}/app/routes/news.tsx`, `${W}/app/routes/home.tsx`],
})
add(`${W}/app/routes/home.tsx`, { dynamicImporters: [`${W}/app/route-table.tsx`] })
// An import cycle below the route table.
add(`${W}/ui/a.ts`, { importers: [`${W}/app/route-table.tsx`, `${W}/ui/b.ts`] })
add(`${W}/ui/b.ts`, { importers: [`${W}/ui/a.ts`] })

const group = chunkGrouper((id) => GRAPH[id] ?? null)

describe('chunk groups', () => {
  it('puts what the hydration modules import, at any depth, into the shell', () => {
    expect(group(`${W}/lib/supabase.ts`)).toBe('shell')
    expect(group(`${W}/lib/runtime-config.ts`)).toBe('shell')
    expect(group('/repo/node_modules/react-dom/cjs/react-dom-client.production.js')).toBe('shell')
    expect(group(`${W}/ui/a.ts`)).toBe('shell')
    expect(group(`${W}/ui/b.ts`)).toBe('shell')
  })

  it('leaves modules loaded by name and what only the pages import where the bundler puts them', () => {
    expect(group(`${W}/app/main.tsx`)).toBeNull()
    expect(group(`${W}/app/route-table.tsx`)).toBeNull()
    expect(group('/repo/node_modules/react-dom/client.js')).toBeNull()
    expect(group(`${W}/app/routes/news.tsx`)).toBeNull()
    expect(group(`${W}/ui/news-memo.tsx`)).toBeNull()
    expect(group('/repo/elsewhere.ts')).toBeNull()
  })
})
