// One Vitest run covers every workspace: pure logic (games, web) and the server suite, which
// drives a real in-process server over HTTP through @supabase/supabase-js against real PostgreSQL
// (embedded by default, DATABASE_URL when set).
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// In CI a JSON report is written as well, so .ci/run can print one closing summary line.
const reportFile = process.env.VITEST_JSON ?? 'ci-reports/vitest.json'

// Workspace packages that ship compiled JS (@rent-due/sample-media, @rent-due/mail-markdown) are
// tested from source, so tests never need a build first. An alias, not a resolve condition: a condition list replaces the
// runner's own, and packages such as the AWS SDK would then resolve to their bundler-only builds.
// Each project sets it: projects do not inherit the root config.
const packagesDir = fileURLToPath(new URL('./packages/', import.meta.url))
const fromSource = {
  resolve: {
    alias: [
      {
        find: /^@rent-due\/(sample-media|mail-markdown)\/(.+)$/,
        replacement: `${packagesDir}$1/src/$2.ts`,
      },
    ],
  },
}

export default defineConfig({
  test: {
    reporters: process.env.CI ? ['default', ['json', { outputFile: reportFile }]] : ['default'],
    projects: [
      {
        ...fromSource,
        test: {
          name: 'games',
          include: ['packages/games/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        ...fromSource,
        test: {
          name: 'sample-media',
          include: [
            'packages/sample-media/src/**/*.test.ts',
            'packages/mail-markdown/src/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        // Repository-wide checks: every reference in code and docs resolves.
        ...fromSource,
        test: {
          name: 'repo',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        ...fromSource,
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/build/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        ...fromSource,
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
    ],
  },
})
