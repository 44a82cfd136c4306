// The server's dependency rules (eslint.config.js, docs/architecture.md) are enforced by ESLint:
// the APIs (rest/, storage/, auth-api/) use db/, http/ and caller/ but never each other, and no
// module imports itself through a cycle. This test proves the rules really fire: a resolver
// misconfiguration once made the web's pass everything silently.
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const eslint = new ESLint()

async function errorsOf(rule: string, filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? []).filter((m) => m.ruleId === rule).map((m) => m.message)
}

const restricted = (filePath: string, code: string) =>
  errorsOf('import-x/no-restricted-paths', filePath, code)

// Each case is a real ESLint run with the type-aware import resolver: seconds on a loaded machine.
describe('server import boundaries', { timeout: 60_000 }, () => {
  it('REST may not import storage', async () => {
    const errors = await restricted(
      'apps/server/src/rest/probe.ts',
      "import { readJson } from '../storage/route-context.js'\nexport const x = readJson\n",
    )
    expect(errors).toHaveLength(1)
    expect(errors[0]).toContain('rest/ must not import another API')
  })

  it('storage may not import the auth API', async () => {
    const errors = await restricted(
      'apps/server/src/storage/routes/object/probe.ts',
      "import { requireUser } from '../../../auth-api/context.js'\nexport const x = requireUser\n",
    )
    expect(errors).toHaveLength(1)
    expect(errors[0]).toContain('storage/ must not import another API')
  })

  it('the shared db/ layer may not import an API', async () => {
    const errors = await restricted(
      'apps/server/src/db/probe.ts',
      "import { execute } from '../rest/execute.js'\nexport const x = execute\n",
    )
    expect(errors).toHaveLength(1)
    expect(errors[0]).toContain('db/ is shared by the APIs')
  })

  it('an API may use db/, http/ and caller/', async () => {
    const errors = await restricted(
      'apps/server/src/auth-api/probe.ts',
      [
        "import { withTransaction } from '../db/transaction.js'",
        "import { parseJson } from '../http/json-body.js'",
        "import { bearerToken } from '../caller/verified-caller.js'",
        'export const x = [withTransaction, parseJson, bearerToken]',
        '',
      ].join('\n'),
    )
    expect(errors).toEqual([])
  })

  it('an import cycle is an error', async () => {
    // storage/plugin.ts imports route-context.ts: importing the plugin back closes a cycle.
    const errors = await errorsOf(
      'import-x/no-cycle',
      'apps/server/src/storage/route-context.ts',
      "import { storagePlugin } from './plugin.js'\nexport const x = storagePlugin\n",
    )
    expect(errors).toHaveLength(1)
    expect(errors[0]).toContain('Dependency cycle')
  })
})
