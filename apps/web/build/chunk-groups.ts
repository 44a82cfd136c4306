// How the browser build groups the modules every page loads to go live (decision 391). Each file
// is one request, and a phone on a slow link pays a round trip for each beyond the browser's six
// connections to the site: left to itself the bundler split what the hydration modules import
// (main.tsx, the router kit, the route table, React DOM's client) into a dozen files, seven of
// them a few hundred bytes of the site's own helpers that some later part shares. They go into one
// `shell` file: every page loads all of it before it is live anyway, so nothing is loaded sooner
// or executed that was not before.
//
// Nothing else is grouped: a wider group (the site's modules two pages share) would give each page
// code it does not use, and run that code's top-level statements there (decision 391).

/** What the grouping reads of a module in the bundler's graph. */
export interface GraphModule {
  isEntry: boolean
  importers: readonly string[]
  dynamicImporters: readonly string[]
}

export type ModuleLookup = (id: string) => GraphModule | null

/** The modules main.tsx loads by name before it hydrates (and main.tsx itself). */
const SHELL_ROOT =
  /[\\/](src[\\/]app[\\/](main\.tsx|router-kit\.ts|route-table\.tsx)|react-dom[\\/]client\.js)$/

/**
 * Sorts the modules of one build: `shell` for a module the hydration modules import (statically,
 * at any depth) that is not itself loaded by name; null leaves it where the bundler puts it.
 */
export function chunkGrouper(lookup: ModuleLookup): (id: string) => 'shell' | null {
  const rootsOf = rootsFinder(lookup)
  return (id) => {
    const roots = rootsOf(id)
    if (roots.has(id)) return null
    return [...roots].some((root) => SHELL_ROOT.test(root)) ? 'shell' : null
  }
}

/**
 * The parts (modules loaded by name: entries and dynamic imports) whose static imports reach each
 * module, worked out once per module from its importers.
 */
function rootsFinder(lookup: ModuleLookup): (id: string) => ReadonlySet<string> {
  const memo = new Map<string, Set<string>>()
  const find = (id: string): Set<string> => {
    const known = memo.get(id)
    if (known) return known
    const roots = new Set<string>()
    // An import cycle: a module met again while its own importers are walked answers with what
    // it has so far. Where that misses a root, the module is only left out of the group and stays
    // where the bundler puts it.
    memo.set(id, roots)
    const info = lookup(id)
    if (!info) return roots
    if (info.isEntry || info.dynamicImporters.length > 0) roots.add(id)
    for (const importer of info.importers) for (const root of find(importer)) roots.add(root)
    return roots
  }
  return find
}
