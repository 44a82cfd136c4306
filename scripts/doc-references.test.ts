// Every reference in code, tests, migrations and docs resolves: no section-sign citations of
// documents the repository lacks, every docs/….md path, Markdown link and #anchor exists, every
// decision number has its record. A failure lists each bad reference as file:line.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import {
  anchorsOf,
  findProblems,
  formatProblems,
  githubSlug,
  readRepositoryText,
} from './doc-references'

const root = fileURLToPath(new URL('..', import.meta.url))
// Built from parts, so the scan of this very file finds none of the bad references it tests.
const sign = '\u00a7'
const D = 'docs/'
const specMd = ['SPEC', 'md'].join('.')

describe('the repository', () => {
  it('has no reference that does not resolve', () => {
    const files = readRepositoryText(root)
    expect(files.has('docs/product/README.md')).toBe(true)
    const problems = findProblems(files, (p) => fs.existsSync(path.join(root, p)))
    expect(formatProblems(problems)).toEqual([])
  })
})

describe('githubSlug', () => {
  it.each([
    ['Age gate', 'age-gate'],
    ['Meet the Cast Q&A', 'meet-the-cast-qa'],
    ['REST (`/rest/v1`, PostgREST subset)', 'rest-restv1-postgrest-subset'],
    ['Tokens, passwords, errors, limits', 'tokens-passwords-errors-limits'],
    ['The admin console (0007)', 'the-admin-console-0007'],
    [
      'Sample content (seed.sql) and the facts it relies on',
      'sample-content-seedsql-and-the-facts-it-relies-on',
    ],
  ])('%j → %j', (heading, slug) => {
    expect(githubSlug(heading)).toBe(slug)
  })

  it('numbers a repeated heading as GitHub does', () => {
    expect([...anchorsOf('# A\n## Endpoints\n## Endpoints\n```\n# not a heading\n```\n')]).toEqual([
      'a',
      'endpoints',
      'endpoints-1',
    ])
  })
})

describe('findProblems', () => {
  const docs = new Map([
    ['docs/product/pages.md', '# Pages\n## Age gate\n'],
    [`${D}decisions/020-grants.md`, '# 020 — Grants\n'],
  ])
  const problemsIn = (file: string, text: string) =>
    formatProblems(findProblems(new Map([...docs, [file, text]]), (p) => p === 'LICENSE'))

  it('accepts references that resolve', () => {
    expect(
      problemsIn(
        'apps/web/src/app/age-gate.tsx',
        '// The door (docs/product/pages.md#age-gate, decision 020, docs/decisions/020).\n',
      ),
    ).toEqual([])
    expect(
      problemsIn(
        `${D}decisions/030-rest.md`,
        'See [the gate](../product/pages.md#age-gate), [pages](../product/pages.md), ' +
          '[licence](../../LICENSE) and [above](#rest).\n# REST\n',
      ),
    ).toEqual([])
  })

  it('names each section-sign reference, the old SPEC and PROTOCOL ones included', () => {
    expect(
      problemsIn(
        'apps/web/src/x.ts',
        `// ok\n// The route table of SPEC ${sign}2\n-- PROTOCOL ${sign}1.7\n// see ${sign}4\n`,
      ).map((p) => p.split(': ')[0]),
    ).toEqual(['apps/web/src/x.ts:2', 'apps/web/src/x.ts:3', 'apps/web/src/x.ts:4'])
    expect(problemsIn(`${D}x.md`, `Read ${specMd} first.\n`)).toEqual([
      `${D}x.md:1: ${specMd} is not in the repository`,
    ])
  })

  it('names a missing file, a missing anchor and a missing decision', () => {
    expect(
      problemsIn(
        'apps/server/src/x.ts',
        [
          `// ${D}product/page.md#age-gate`,
          `// ${D}product/pages.md#agegate`,
          '// decisions 020–021',
        ].join('\n'),
      ),
    ).toEqual([
      `apps/server/src/x.ts:1: ${D}product/page.md#age-gate: no such file`,
      `apps/server/src/x.ts:2: ${D}product/pages.md#agegate: no heading with that anchor`,
      'apps/server/src/x.ts:3: decision 021: no docs/decisions/021-*.md',
    ])
    expect(
      problemsIn('docs/product/forms.md', '[gate](pages.md#gate), [x](../nowhere/y.png)\n'),
    ).toEqual([
      `docs/product/forms.md:1: ${D}product/pages.md#gate: no heading with that anchor`,
      'docs/product/forms.md:1: docs/nowhere/y.png: no such file',
    ])
  })
})
