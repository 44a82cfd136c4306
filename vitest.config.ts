// One Vitest run covers every workspace: pure logic (games, web) and the server suite, which
// drives a real in-process server over HTTP through @supabase/supabase-js against real PostgreSQL
// (embedded by default, DATABASE_URL when set).
import { defineConfig } from 'vitest/config'

// In CI a JSON report is written as well, so .ci/run can print one closing summary line.
const reportFile = process.env.VITEST_JSON ?? 'ci-reports/vitest.json'

export default defineConfig({
  test: {
    reporters: process.env.CI ? ['default', ['json', { outputFile: reportFile }]] : ['default'],
    projects: [
      {
        test: {
          name: 'games',
          include: ['packages/games/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // Repository-wide checks: every reference in code and docs resolves.
        test: {
          name: 'repo',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/build/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
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
