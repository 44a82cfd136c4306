// The console reads its lists in route loaders and writes in route actions; revalidation
// refreshes what a write changed. This keeps it so: no effect in features/admin reads or writes
// data (supabase-js, Storage or fetch). Effects that focus, reset a form, or listen for sign-in
// changes stay allowed.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const here = path.dirname(fileURLToPath(import.meta.url))

// A call of supabase-js or fetch, or of one of the console's own readers and writers (listNews,
// loadCounts, fetchInboxPage, drawWinner...), or such a function handed to the effect as it is.
const DATA_CALL =
  /\bfetch\(|\.(from|rpc)\(|\.(storage|functions)\b|\b(fetch|load|list|save|delete|remove|draw|upload)[A-Z]\w*\(|^(fetch|load|list)\w*$/

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return sources(file)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : []
  })
}

/** The source of each function given to useEffect or useLayoutEffect in `text`. */
function effectBodies(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const bodies: string[] = []
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      /^(React\.)?use(Layout)?Effect$/.test(node.expression.getText(source)) &&
      node.arguments[0]
    ) {
      bodies.push(node.arguments[0].getText(source))
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return bodies
}

describe('features/admin', () => {
  it('reads and writes data in loaders and actions, never in an effect', () => {
    const offending = sources(here).flatMap((file) =>
      effectBodies(file, readFileSync(file, 'utf8'))
        .filter((body) => DATA_CALL.test(body))
        .map((body) => `${path.relative(here, file)}: ${body.slice(0, 80)}`),
    )
    expect(offending).toEqual([])
  })

  it('would notice an effect that fetches', () => {
    const probe = `useEffect(() => { void supabase.from('news').select('*').then(setRows) }, [])`
    expect(effectBodies('probe.tsx', probe).filter((b) => DATA_CALL.test(b))).toHaveLength(1)
  })
})
