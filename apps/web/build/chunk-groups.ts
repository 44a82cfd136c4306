// How the browser build groups its modules into files (decisions 391, 393). Each file is one
// request, and a phone on a slow link pays a round trip for each beyond the browser's six
// connections to the site. Left to itself the bundler makes one file per set of lazily loaded
// parts that share a module: /news needed 19 files of its own, most of a few hundred bytes.
//
// - `shell`: the hydration modules (main.tsx, the router kit, the route table, React DOM's client)
//   and everything they import. Every page loads all of it before it is live.
// - `page-<id>`: a page's route module and what only that page loads, its own lazy parts' share
//   included. Not a module that a lazy part another page loads imports too (Home's news
//   section): that page would load this page's file, and all it imports, to get it.
// - What two or more pages import: one `shared-<hash>` file per set of pages, as the bundler
//   would, but the sets that weigh little are one `common` file that every page loads (a few
//   kilobytes some pages do not use cost less than a round trip each).
// - What no page imports statically (search, the radio bar, a dialog's body) stays where the
//   bundler puts it, loaded when it is needed.
import { createHash } from 'node:crypto'

/** What the grouping reads of a module in the bundler's graph. */
export interface GraphModule {
  isEntry: boolean
  importers: readonly string[]
  dynamicImporters: readonly string[]
  importedIds: readonly string[]
  dynamicallyImportedIds: readonly string[]
  /** The module's code as the bundler holds it (transformed, not yet minified). */
  code: string | null
}

export type ModuleLookup = (id: string) => GraphModule | null

/** The modules main.tsx loads by name before it hydrates (and main.tsx itself). */
const SHELL_ROOT =
  /(^|[\\/])(src[\\/]app[\\/](main\.tsx|router-kit\.ts|route-table\.tsx)|react-dom[\\/]client\.js)$/

/** Whether a module (its path, absolute or from the web root) is one the page hydrates with. */
export const isHydrationModule = (id: string) => SHELL_ROOT.test(id)

/** A page's route module, src/app/routes/<id>.tsx. */
const ROUTE_MODULE = /[\\/]src[\\/]app[\\/]routes[\\/]([\w-]+)\.tsx$/

/** The route id of a page's route module; undefined for any other module. */
const routeId = (id: string) => ROUTE_MODULE.exec(id)?.[1]

/** Code (characters, before minifying) below which what a set of pages shares goes to `common`. */
export const SMALL_SHARED = 4096

/** The group of each module of one build; null leaves it where the bundler puts it. */
export function chunkGrouper(lookup: ModuleLookup): (id: string) => string | null {
  const rootsOf = rootsFinder(lookup)
  let plan: Map<string, string> | undefined
  return (id) => {
    plan ??= groupsOf(lookup, rootsOf, allModules(lookup, id))
    return plan.get(id) ?? null
  }
}

/** The group of every module that has one. */
function groupsOf(
  lookup: ModuleLookup,
  rootsOf: (id: string) => ReadonlySet<string>,
  modules: ReadonlySet<string>,
): Map<string, string> {
  const groups = new Map<string, string>()
  const loadersOf = loadersFinder(lookup, rootsOf)
  /** The modules of each set of two or more pages, by the set's key. */
  const shared = new Map<string, string[]>()
  for (const id of modules) {
    const roots = [...rootsOf(id)]
    if (roots.some((root) => SHELL_ROOT.test(root))) {
      groups.set(id, 'shell')
      continue
    }
    const own = routeId(id)
    if (own) {
      groups.set(id, `page-${own}`)
      continue
    }
    const pages = roots.flatMap((root) => routeId(root) ?? []).sort()
    // What no page imports statically stays the bundler's: it loads when it is needed.
    if (pages.length === 0) continue
    if (pages.length === 1) {
      // Not when a lazy part that another page (or the shell) loads imports it too: that page
      // would load this page's file, and all that file imports, to get it.
      const loaders = new Set(roots.flatMap((root) => [...loadersOf(root)]))
      if (loaders.size === 1) groups.set(id, `page-${pages[0]}`)
      continue
    }
    const key = pages.join(' ')
    const set = shared.get(key)
    if (set) set.push(id)
    else shared.set(key, [id])
  }
  // The small sets go to `common`, but not one that imports a set that stays a file of its own:
  // every page would load that file too.
  const weight = (ids: string[]) =>
    ids.reduce((sum, id) => sum + (lookup(id)?.code?.length ?? 0), 0)
  const common = new Set(
    [...shared].filter(([, ids]) => weight(ids) < SMALL_SHARED).map(([k]) => k),
  )
  const keyOf = new Map([...shared].flatMap(([key, ids]) => ids.map((id) => [id, key] as const)))
  const importsOther = (key: string) =>
    shared.get(key)!.some((id) =>
      (lookup(id)?.importedIds ?? []).some((next) => {
        const nextKey = keyOf.get(next)
        return nextKey !== undefined && !common.has(nextKey)
      }),
    )
  for (let changed = true; changed;) {
    changed = false
    for (const key of common) {
      if (importsOther(key)) {
        common.delete(key)
        changed = true
      }
    }
  }
  for (const [key, ids] of shared) {
    const name = common.has(key)
      ? 'common'
      : `shared-${createHash('sha256').update(key).digest('hex').slice(0, 8)}`
    for (const id of ids) groups.set(id, name)
  }
  return groups
}

/** Every module connected to `start` by an import either way: the whole build's graph. */
function allModules(lookup: ModuleLookup, start: string): Set<string> {
  const seen = new Set([start])
  const queue = [start]
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    const info = lookup(id)
    if (!info) continue
    const next = [
      ...info.importers,
      ...info.dynamicImporters,
      ...info.importedIds,
      ...info.dynamicallyImportedIds,
    ]
    for (const other of next) {
      if (!seen.has(other)) {
        seen.add(other)
        queue.push(other)
      }
    }
  }
  return seen
}

/** What stands for the shell among the loaders of a part. */
const SHELL = '*'

/**
 * Who loads each part: a page's route module is its page; a part loaded by name (a dialog, a
 * section) is loaded by whoever loads the modules that import it; the entry and the shell's
 * lazy parts by the shell (`*`, every page).
 */
function loadersFinder(
  lookup: ModuleLookup,
  rootsOf: (id: string) => ReadonlySet<string>,
): (root: string) => ReadonlySet<string> {
  return memoizedWalk((root, loaders, find) => {
    const page = routeId(root)
    const info = lookup(root)
    if (page) loaders.add(page)
    else if (SHELL_ROOT.test(root) || !info || info.isEntry) loaders.add(SHELL)
    else {
      for (const importer of info.dynamicImporters) {
        for (const next of rootsOf(importer)) for (const loader of find(next)) loaders.add(loader)
      }
    }
  })
}

/**
 * The parts (modules loaded by name: entries and dynamic imports) whose static imports reach each
 * module, itself included when it is one, worked out once per module from its importers.
 */
function rootsFinder(lookup: ModuleLookup): (id: string) => ReadonlySet<string> {
  return memoizedWalk((id, roots, find) => {
    const info = lookup(id)
    if (!info) return
    if (info.isEntry || info.dynamicImporters.length > 0) roots.add(id)
    for (const importer of info.importers) for (const root of find(importer)) roots.add(root)
  })
}

/**
 * A set per module, worked out once by `collect` (which may ask for other modules' sets). In an
 * import cycle a module met again while its own set is being collected answers with what it has
 * so far: where that misses something, a module is only left out of a group and stays where the
 * bundler puts it.
 */
function memoizedWalk(
  collect: (id: string, into: Set<string>, find: (id: string) => ReadonlySet<string>) => void,
): (id: string) => ReadonlySet<string> {
  const memo = new Map<string, Set<string>>()
  const find = (id: string): ReadonlySet<string> => {
    const known = memo.get(id)
    if (known) return known
    const into = new Set<string>()
    memo.set(id, into)
    collect(id, into, find)
    return into
  }
  return find
}
