// One Vitest run covers every workspace: pure logic (games, web) and the server suite, which
// drives a real in-process server over HTTP through @supabase/supabase-js against real PostgreSQL
// (embedded by default, DATABASE_URL when set).
import { defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

// In CI a JSON report is written as well, so .ci/run can print one closing summary line.
const reportFile = process.env.VITEST_JSON ?? 'ci-reports/vitest.json'

// Workspace packages that ship compiled JS (@rent-due/sample-media) are tested from source, so
// tests never need a build first. Each project sets this: projects do not inherit the root config.
const fromSource = {
  ssr: { resolve: { conditions: ['@rent-due/source', ...defaultServerConditions] } },
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
          include: ['packages/sample-media/src/**/*.test.ts'],
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
