// Finds references in the repository's text that do not resolve: any section-sign reference (the
// code once cited numbered sections of a spec and of protocol notes that a clone does not have;
// the product spec is docs/product/ now), a docs/….md path or Markdown link whose file or #anchor
// is missing, and a decision number with no record in docs/decisions/. Anchors are GitHub's
// heading slugs. doc-references.test.ts runs it over the whole repository.
import fs from 'node:fs'
import path from 'node:path'

export type Problem = { file: string; line: number; message: string }

/** Files are read as text by these endings; everything else (media, fonts, images) is skipped. */
const TEXT_FILE = /\.(?:[cm]?[jt]sx?|css|sql|md|json|html|toml|ya?ml|sh|txt)$/
/** Folders that hold no source of ours: dependencies, builds, data, reports. */
const SKIPPED_DIRS = new Set([
  '.git',
  'node_modules',
  'dist',
  'data',
  'backups',
  'coverage',
  'test-results',
  'playwright-report',
  'screenshots',
  'ci-reports',
  '.vite',
])
/** Paths from the repository root that are generated, not written. */
const SKIPPED_PATHS = new Set(['package-lock.json', 'bench/results'])

const SECTION_SIGN = '\u00a7'

/** GitHub's anchor for a heading: lower case, punctuation dropped, each space a hyphen. */
export function githubSlug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}_\- ]/gu, '')
    .replace(/ /g, '-')
}

/** Every anchor a Markdown file offers: its headings' slugs, repeats numbered as GitHub does. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>()
  const seen = new Map<string, number>()
  let fenced = false
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)
    if (!heading) continue
    const slug = githubSlug(heading[1] ?? '')
    const count = seen.get(slug) ?? 0
    seen.set(slug, count + 1)
    anchors.add(count === 0 ? slug : `${slug}-${count}`)
  }
  return anchors
}

/** The repository's text files, by path relative to `root` with forward slashes. */
export function readRepositoryText(root: string): Map<string, string> {
  const files = new Map<string, string>()
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${entry.name}` : entry.name
      if (SKIPPED_PATHS.has(rel)) continue
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(rel)
      } else if (entry.isFile() && TEXT_FILE.test(entry.name)) {
        files.set(rel, fs.readFileSync(path.join(root, rel), 'utf8'))
      }
    }
  }
  walk('')
  return files
}

// docs/….md with an optional #anchor, not inside a longer path; placeholders (docs/NNN-…, <file>)
// never match because they are not made of path characters up to ".md".
const DOCS_PATH = /(?<![\w./-])(docs\/[\w./-]+?\.md)(?:#([\w-]+))?(?![\w/-])/g
// A Markdown link's target: [text](target).
const MD_LINK = /\]\(([^()\s]+)\)/g
const DECISION_PATH = /(?<![\w/])docs\/decisions\/(\d{3})(?!\d)/g
const DECISION_WORD = /\b[Dd]ecisions? (\d{3})(?:\s?[–-]\s?(\d{3}))?(?!\d)/g
const OUTSIDE_DOCS = /\b(?:SPEC|PROTOCOL)\.md\b/g

/**
 * Every reference in `files` (path → text) that does not resolve. Markdown targets are looked up
 * in `files` itself; other relative link targets through `exists`.
 */
export function findProblems(
  files: ReadonlyMap<string, string>,
  exists: (repoPath: string) => boolean = () => false,
): Problem[] {
  const anchorCache = new Map<string, Set<string>>()
  const anchors = (file: string) => {
    let found = anchorCache.get(file)
    if (!found) anchorCache.set(file, (found = anchorsOf(files.get(file) ?? '')))
    return found
  }
  const decisions = new Set(
    [...files.keys()]
      .map((f) => /^docs\/decisions\/(\d{3})-[^/]+\.md$/.exec(f)?.[1])
      .filter((n): n is string => n !== undefined),
  )
  const problems: Problem[] = []

  const checkTarget = (file: string, line: number, target: string, anchor: string | undefined) => {
    if (target.includes('NNN')) return // a template: docs/decisions/NNN-title.md
    const shown = anchor === undefined ? target : `${target}#${anchor}`
    if (target.endsWith('.md') ? !files.has(target) : !exists(target)) {
      problems.push({ file, line, message: `${shown}: no such file` })
    } else if (anchor !== undefined && target.endsWith('.md') && !anchors(target).has(anchor)) {
      problems.push({ file, line, message: `${shown}: no heading with that anchor` })
    }
  }

  for (const [file, text] of files) {
    const isMarkdown = file.endsWith('.md')
    let fenced = false
    text.split('\n').forEach((content, index) => {
      const line = index + 1
      if (isMarkdown && /^\s*(```|~~~)/.test(content)) fenced = !fenced
      if (content.includes(SECTION_SIGN)) {
        problems.push({
          file,
          line,
          message:
            `a ${SECTION_SIGN} reference cites a document the repository does not have: ` +
            'point at docs/product/<file>.md#<anchor>, a decision or docs/api-coverage.md',
        })
      }
      for (const m of content.matchAll(OUTSIDE_DOCS)) {
        problems.push({ file, line, message: `${m[0]} is not in the repository` })
      }
      for (const m of content.matchAll(DOCS_PATH)) {
        checkTarget(file, line, m[1] ?? '', m[2])
      }
      if (isMarkdown && !fenced) {
        for (const m of content.matchAll(MD_LINK)) {
          const raw = m[1] ?? ''
          if (/^[a-z][a-z0-9+.-]*:/i.test(raw)) continue // https:, mailto: …
          const [target = '', anchor] = raw.split('#', 2)
          const resolved = target === '' ? file : path.posix.join(path.posix.dirname(file), target)
          checkTarget(file, line, resolved, anchor)
        }
      }
      const numbers = [
        ...[...content.matchAll(DECISION_PATH)].map((m) => m[1]),
        ...[...content.matchAll(DECISION_WORD)].flatMap((m) => [m[1], m[2]]),
      ]
      for (const n of numbers) {
        if (n !== undefined && !decisions.has(n)) {
          problems.push({ file, line, message: `decision ${n}: no docs/decisions/${n}-*.md` })
        }
      }
    })
  }
  return problems
}

/** "file:line: message", one per problem, for a readable failure. */
export function formatProblems(problems: readonly Problem[]): string[] {
  return problems.map((p) => `${p.file}:${p.line}: ${p.message}`)
}
