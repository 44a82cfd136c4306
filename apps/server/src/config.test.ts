import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig, REPO_ROOT } from './config.js'

describe('loadConfig', () => {
  it('applies the documented defaults, with repository paths independent of the cwd', () => {
    const c = loadConfig({}, '/srv/site')
    expect(c).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir: '/srv/site/data',
      databaseUrl: undefined,
      jwtSecret: undefined,
      siteUrl: 'http://localhost:3000',
      publicSupabaseUrl: undefined,
      seed: 'auto',
      rateLimitPerMinute: 10,
      authRateLimit: undefined,
      fairness: { perClient: 4, queuePerClient: 32, acquireTimeoutMs: 3000 },
      txEnd: 'commit',
      additionalRedirectUrls: [],
      trustProxy: false,
      smtp: undefined,
      webDist: path.join(REPO_ROOT, 'apps/web/dist'),
      migrationsDir: path.join(REPO_ROOT, 'supabase/migrations'),
      seedFile: path.join(REPO_ROOT, 'supabase/seed.sql'),
      logLevel: 'info',
    })
    expect(path.join(REPO_ROOT, 'package.json')).toMatch(/package\.json$/)
  })

  it('reads every variable', () => {
    const c = loadConfig(
      {
        PORT: '8080',
        HOST: '0.0.0.0',
        DATA_DIR: '/var/rentdue',
        DATABASE_URL: 'postgres://u:p@db:5432/rd',
        JWT_SECRET: 'x'.repeat(32),
        SITE_URL: 'https://rentdue.example/',
        PUBLIC_SUPABASE_URL: 'https://api.rentdue.example/',
        SEED: 'OFF',
        RATE_LIMIT_PER_MINUTE: '25',
        ADDITIONAL_REDIRECT_URLS: 'https://a.example/cb, https://b.example/cb',
        TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
        SMTP_HOST: 'smtp.example',
        SMTP_PORT: '2525',
        SMTP_FROM: 'Rent Due <hi@rentdue.example>',
        WEB_DIST: 'site-build',
        LOG_LEVEL: 'warn',
      },
      '/srv/site',
    )
    expect(c.port).toBe(8080)
    expect(c.siteUrl).toBe('https://rentdue.example')
    expect(c.publicSupabaseUrl).toBe('https://api.rentdue.example')
    expect(c.seed).toBe('off')
    expect(c.additionalRedirectUrls).toEqual(['https://a.example/cb', 'https://b.example/cb'])
    expect(c.trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1'])
    expect(c.smtp).toEqual({
      host: 'smtp.example',
      port: 2525,
      user: undefined,
      pass: undefined,
      from: 'Rent Due <hi@rentdue.example>',
    })
    expect(c.webDist).toBe('/srv/site/site-build')
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1)
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true)
    expect(loadConfig({ PORT: '4000' }).siteUrl).toBe('http://localhost:4000')
  })

  it('refuses invalid values, naming each', () => {
    expect(() =>
      loadConfig({ PORT: 'eighty', JWT_SECRET: 'short', DATABASE_URL: 'mysql://x', SEED: 'maybe' }),
    ).toThrow(
      /Invalid environment:\n {2}PORT: .*\n {2}DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL\n {2}JWT_SECRET: must be at least 32 characters\n {2}SEED: /,
    )
  })

  it('bounds AUTH_RATE_LIMIT: 1 to 200,000 (refreshes get five times it)', () => {
    expect(loadConfig({ AUTH_RATE_LIMIT: '200000' }).authRateLimit).toBe(200_000)
    expect(() => loadConfig({ AUTH_RATE_LIMIT: '200001' })).toThrow(/AUTH_RATE_LIMIT/)
    expect(() => loadConfig({ AUTH_RATE_LIMIT: '0' })).toThrow(/AUTH_RATE_LIMIT/)
  })
})
