import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkServerConfig, loadConfig, REPO_ROOT } from './config.js'

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
      dbRestartAttempts: 5,
      backupDir: '/srv/site/backups',
      backupEveryMs: undefined,
      backupKeep: 7,
      logLevel: 'info',
      storage: { backend: 'local' },
      queue: { inProcess: true, concurrency: 8 },
      pages: {
        renders: 2,
        renderQueue: 32,
        rendersPerClient: 4,
        cacheSeconds: 60,
        readConnections: 3,
        readTimeoutMs: 2000,
      },
      connections: {
        maxConnections: 4096,
        perClient: 256,
        headersTimeoutMs: 10_000,
        requestTimeoutMs: 120_000,
        keepAliveTimeoutMs: 72_000,
      },
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
        DB_RESTART_ATTEMPTS: '3',
        BACKUP_DIR: '/mnt/offsite/rentdue',
        BACKUP_EVERY: '6h',
        BACKUP_KEEP: '14',
        LOG_LEVEL: 'warn',
        PAGE_RENDERS: '3',
        PAGE_RENDER_QUEUE: '8',
        PAGE_RENDERS_PER_CLIENT: '2',
        PAGE_CACHE_SECONDS: '30',
        PAGE_READ_CONNECTIONS: '5',
        PAGE_READ_TIMEOUT_MS: '1500',
        MAX_CONNECTIONS: '2000',
        CONNECTIONS_PER_CLIENT: '64',
        HEADERS_TIMEOUT_MS: '5000',
        REQUEST_TIMEOUT_MS: '60000',
        KEEP_ALIVE_TIMEOUT_MS: '65000',
      },
      '/srv/site',
    )
    expect(c.pages).toEqual({
      renders: 3,
      renderQueue: 8,
      rendersPerClient: 2,
      cacheSeconds: 30,
      readConnections: 5,
      readTimeoutMs: 1500,
    })
    expect(c.connections).toEqual({
      maxConnections: 2000,
      perClient: 64,
      headersTimeoutMs: 5000,
      requestTimeoutMs: 60_000,
      keepAliveTimeoutMs: 65_000,
    })
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
    expect(c.dbRestartAttempts).toBe(3)
    expect(c.backupDir).toBe('/mnt/offsite/rentdue')
    expect(c.backupEveryMs).toBe(6 * 3600 * 1000)
    expect(c.backupKeep).toBe(14)
    expect(loadConfig({ BACKUP_EVERY: '90s' }).backupEveryMs).toBe(90_000)
    expect(loadConfig({ BACKUP_EVERY: '1d' }).backupEveryMs).toBe(86_400_000)
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
    expect(() => loadConfig({ BACKUP_EVERY: 'hourly' })).toThrow(
      'Invalid environment:\n  BACKUP_EVERY: must be a duration such as 90s, 30m, 6h or 1d (at least 10s)',
    )
    expect(() => loadConfig({ BACKUP_EVERY: '5s' })).toThrow(
      'Invalid environment:\n  BACKUP_EVERY: must be at least 10s',
    )
    expect(() => loadConfig({ DB_RESTART_ATTEMPTS: '0' })).toThrow(/DB_RESTART_ATTEMPTS: /)
    // A half-sent request may hold a socket for 10 s at most.
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '30000' })).toThrow(
      /HEADERS_TIMEOUT_MS: Too big: expected number to be <=10000/,
    )
  })

  it('reads the S3 storage settings, with their defaults', () => {
    expect(
      loadConfig({
        STORAGE_BACKEND: 'S3',
        S3_ENDPOINT: 'https://acc.r2.cloudflarestorage.com/',
        S3_REGION: 'auto',
        S3_BUCKET: 'rent-due-media',
        S3_ACCESS_KEY_ID: 'AKID',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PUBLIC_URL: 'https://media.rentdue.example/',
      }).storage,
    ).toEqual({
      backend: 's3',
      endpoint: 'https://acc.r2.cloudflarestorage.com',
      region: 'auto',
      bucket: 'rent-due-media',
      accessKeyId: 'AKID',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      publicUrl: 'https://media.rentdue.example',
    })
    expect(loadConfig({ STORAGE_BACKEND: 's3', S3_BUCKET: 'b' }).storage).toEqual({
      backend: 's3',
      endpoint: undefined,
      region: 'us-east-1',
      bucket: 'b',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
      publicUrl: undefined,
    })
    // S3 settings mean nothing until the backend is chosen.
    expect(loadConfig({ S3_BUCKET: 'b' }).storage).toEqual({ backend: 'local' })
  })

  it('refuses an S3 backend without a bucket, or with half the credentials', () => {
    expect(() => loadConfig({ STORAGE_BACKEND: 's3', S3_ACCESS_KEY_ID: 'AKID' })).toThrow(
      'Invalid environment:\n  S3_BUCKET: required when STORAGE_BACKEND=s3\n' +
        '  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither',
    )
    expect(() => loadConfig({ STORAGE_BACKEND: 'disk' })).toThrow(/STORAGE_BACKEND: /)
  })

  it('requires JWT_SECRET for a server on DATABASE_URL, where replicas must share it', () => {
    const url = 'postgres://u:p@db:5432/rd'
    expect(() => checkServerConfig(loadConfig({ DATABASE_URL: url }))).toThrow(
      /^JWT_SECRET is required when DATABASE_URL is set: every server process on that database must sign and check tokens with the same secret/,
    )
    expect(() =>
      checkServerConfig(loadConfig({ DATABASE_URL: url, JWT_SECRET: 'x'.repeat(32) })),
    ).not.toThrow()
    // The embedded database is one process's own: the generated secret is fine there.
    expect(() => checkServerConfig(loadConfig({}))).not.toThrow()
  })

  it('bounds AUTH_RATE_LIMIT: 1 to 200,000 (refreshes get five times it)', () => {
    expect(loadConfig({ AUTH_RATE_LIMIT: '200000' }).authRateLimit).toBe(200_000)
    expect(() => loadConfig({ AUTH_RATE_LIMIT: '200001' })).toThrow(/AUTH_RATE_LIMIT/)
    expect(() => loadConfig({ AUTH_RATE_LIMIT: '0' })).toThrow(/AUTH_RATE_LIMIT/)
  })

  it('runs the queue worker in the server unless QUEUE_WORKER=off, with 1 to 100 jobs at once', () => {
    expect(loadConfig({ QUEUE_WORKER: 'OFF', QUEUE_CONCURRENCY: '3' }).queue).toEqual({
      inProcess: false,
      concurrency: 3,
    })
    expect(() => loadConfig({ QUEUE_WORKER: 'maybe' })).toThrow(/QUEUE_WORKER/)
    expect(() => loadConfig({ QUEUE_CONCURRENCY: '0' })).toThrow(/QUEUE_CONCURRENCY/)
    expect(() => loadConfig({ QUEUE_CONCURRENCY: '101' })).toThrow(/QUEUE_CONCURRENCY/)
  })
})
