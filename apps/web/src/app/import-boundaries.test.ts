// The dependency rules of docs/architecture.md are enforced by ESLint. This test proves the
// rules really fire (a resolver misconfiguration once made them pass everything silently).
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const eslint = new ESLint()

async function restrictedPathErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'import-x/no-restricted-paths')
    .map((m) => m.message)
}

// Each case is a real ESLint run with the type-aware import resolver: seconds on a loaded machine.
describe('import boundaries', { timeout: 60_000 }, () => {
  it('a feature may not import another feature', async () => {
    const errors = await restrictedPathErrors(
      'apps/web/src/features/cast/probe.tsx',
      "import { NewsPage } from '../news/news-page'\nexport const x = NewsPage\n",
    )
    expect(errors).toHaveLength(1)
    expect(errors[0]).toContain('A feature must not import another feature')
  })

  it('ui/ may not import the app shell', async () => {
    const errors = await restrictedPathErrors(
      'apps/web/src/ui/probe.tsx',
      "import { routes } from '../app/route-table'\nexport const x = routes\n",
    )
    expect(errors).toHaveLength(1)
    expect(errors[0]).toContain('ui/ is shared')
  })

  it('the web app may not import server code', async () => {
    const errors = await restrictedPathErrors(
      'apps/web/src/lib/probe.ts',
      "import { buildApp } from '../../../server/src/app'\nexport const x = buildApp\n",
    )
    expect(errors).toHaveLength(1)
    expect(errors[0]).toContain('The web app must not import server code')
  })

  it('a feature may import ui/ and lib/', async () => {
    const errors = await restrictedPathErrors(
      'apps/web/src/features/cast/probe.tsx',
      "import { SubPage } from '../../ui/sub-page'\nexport const x = SubPage\n",
    )
    expect(errors).toEqual([])
  })
})
