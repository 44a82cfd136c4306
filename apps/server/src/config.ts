// The server's whole environment, read and validated once at the edge (main.ts, the keys CLI) and
// passed down as a typed object: no other module reads process.env. Paths that belong to the
// repository (migrations, seed, the web build) resolve from this file's location, so they work the
// same from src/ (tsx) and from dist/ (the built server), whatever the working directory.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'

/** The repository root: this file lives in apps/server/src or apps/server/dist. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)
const optionalString = z.preprocess(emptyToUndefined, z.string().optional())
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional())

/** An optional integer setting within [min, max]. */
const int = (min: number, max: number, fallback: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(min).max(max).default(fallback))

const DURATION = /^(\d+)(s|m|h|d)$/
const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const

/** '90s', '30m', '6h', '1d' in milliseconds. */
export function durationMs(value: string): number {
  const m = DURATION.exec(value.trim())
  if (!m) throw new ConfigError(`not a duration: ${value}`)
  return Number(m[1]) * UNIT_MS[m[2] as keyof typeof UNIT_MS]
}

const envSchema = z.object({
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyToUndefined, z.string().default('127.0.0.1')),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  JWT_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  SITE_URL: optionalUrl,
  PUBLIC_SUPABASE_URL: optionalUrl,
  SEED: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : v),
    z.enum(['auto', 'on', 'off']).default('auto'),
  ),
  RATE_LIMIT_PER_MINUTE: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(2147483647).default(10),
  ),
  DB_CONNECTIONS_PER_CLIENT: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(100).default(4),
  ),
  DB_QUEUE_PER_CLIENT: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(1000).default(32),
  ),
  DB_ACQUIRE_TIMEOUT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(100).max(60000).default(3000),
  ),
  DB_TX_END: z.preprocess(
    emptyToUndefined,
    z
      .enum(['commit', 'commit-allow-override', 'rollback', 'rollback-allow-override'])
      .default('commit'),
  ),
  // At most 200,000 (refreshes get five times this): beyond that a limit limits nothing.
  AUTH_RATE_LIMIT: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(200_000).optional(),
  ),
  ADDITIONAL_REDIRECT_URLS: optionalString,
  TRUST_PROXY: optionalString,
  SMTP_HOST: optionalString,
  SMTP_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65535).default(587)),
  SMTP_USER: optionalString,
  SMTP_PASS: optionalString,
  SMTP_FROM: optionalString,
  WEB_DIST: optionalString,
  STORAGE_BACKEND: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : v),
    z.enum(['local', 's3']).default('local'),
  ),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: optionalString,
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : v),
    z.enum(['true', 'false', '1', '0']).default('false'),
  ),
  S3_PUBLIC_URL: optionalUrl,
  DB_RESTART_ATTEMPTS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(1000).default(5),
  ),
  BACKUP_DIR: z.preprocess(emptyToUndefined, z.string().default('./backups')),
  BACKUP_EVERY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(DURATION, 'must be a duration such as 90s, 30m, 6h or 1d (at least 10s)')
      .refine((v) => !DURATION.test(v) || durationMs(v) >= 10_000, 'must be at least 10s')
      .optional(),
  ),
  BACKUP_KEEP: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(7)),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  QUEUE_WORKER: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : v),
    z.enum(['on', 'off']).default('on'),
  ),
  QUEUE_CONCURRENCY: int(1, 100, 8),
  PAGE_RENDERS: int(1, 64, 2),
  PAGE_RENDER_QUEUE: int(0, 10_000, 32),
  PAGE_RENDERS_PER_CLIENT: int(1, 1000, 4),
  PAGE_CACHE_SECONDS: int(1, 86_400, 60),
  PAGE_READ_CONNECTIONS: int(1, 100, 3),
  PAGE_READ_TIMEOUT_MS: int(100, 60_000, 2000),
  MAX_CONNECTIONS: int(16, 1_000_000, 4096),
  CONNECTIONS_PER_CLIENT: int(1, 1_000_000, 256),
  // A half-sent request holds a socket this long at most.
  HEADERS_TIMEOUT_MS: int(1000, 10_000, 10_000),
  REQUEST_TIMEOUT_MS: int(10_000, 3_600_000, 120_000),
  KEEP_ALIVE_TIMEOUT_MS: int(1000, 600_000, 72_000),
})

export interface SmtpConfig {
  host: string
  port: number
  user: string | undefined
  pass: string | undefined
  from: string
}

/** Where storage objects' bytes live (the rows are always in PostgreSQL). */
export type StorageConfig =
  | { backend: 'local' }
  | {
      backend: 's3'
      /** Unset: AWS S3 itself, from the region. */
      endpoint: string | undefined
      region: string
      bucket: string
      /** Both unset: the SDK's default credential chain (environment, instance role, ...). */
      accessKeyId: string | undefined
      secretAccessKey: string | undefined
      /** `endpoint/bucket/key` URLs instead of `bucket.endpoint/key` (MinIO, most self-hosted). */
      forcePathStyle: boolean
      /** A CDN or public endpoint in front of the bucket (no trailing slash): public objects redirect there. */
      publicUrl: string | undefined
    }

export interface Config {
  port: number
  host: string
  /** Absolute. */
  dataDir: string
  databaseUrl: string | undefined
  /** From JWT_SECRET; when unset the secret generated into DATA_DIR/secrets.json is used. */
  jwtSecret: string | undefined
  /** Public origin of the site, for auth redirects and share links. */
  siteUrl: string
  /** The Supabase URL the browser should use; undefined = the same origin as the page. */
  publicSupabaseUrl: string | undefined
  /** auto: seed an empty database on first start; on: seed once even if not empty; off: never. */
  seed: 'auto' | 'on' | 'off'
  rateLimitPerMinute: number
  /** Connections one client may hold, and wait for, per lane of the API pool (db/fair-pool.ts). */
  fairness: { perClient: number; queuePerClient: number; acquireTimeoutMs: number }
  /** PostgREST's db-tx-end: whether `Prefer: tx=rollback` is honoured (only with -allow-override). */
  txEnd: 'commit' | 'commit-allow-override' | 'rollback' | 'rollback-allow-override'
  /** Sign-ups plus password sign-ins per client IP in 5 minutes; undefined = Supabase's 30. */
  authRateLimit: number | undefined
  additionalRedirectUrls: string[]
  /** Fastify's trustProxy: X-Forwarded-For is believed only when this is set. */
  trustProxy: boolean | number | string[]
  /** Undefined without SMTP_HOST: sign-ups are then auto-confirmed. */
  smtp: SmtpConfig | undefined
  /** Absolute path of the web production build. */
  webDist: string
  migrationsDir: string
  seedFile: string
  /** Failed starts in a row of the embedded PostgreSQL before the server exits non-zero. */
  dbRestartAttempts: number
  /** Absolute; where `npm run backup` and scheduled backups write their archives. */
  backupDir: string
  /** Milliseconds between scheduled backups in the running server; undefined = none. */
  backupEveryMs: number | undefined
  /** Scheduled backups kept in backupDir (older ones are removed). */
  backupKeep: number
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
  /** DATA_DIR/storage (the default) or an S3-compatible bucket. */
  storage: StorageConfig
  /** The job queue (queue/worker.ts): run its worker in this process, and how many jobs at once. */
  queue: { inProcess: boolean; concurrency: number }
  /** The render cache, the render limits and the page-read pool (http/page-server.ts). */
  pages: {
    renders: number
    renderQueue: number
    rendersPerClient: number
    cacheSeconds: number
    readConnections: number
    readTimeoutMs: number
  }
  /** Sockets and their timeouts (http/connection-limits.ts). */
  connections: {
    maxConnections: number
    perClient: number
    headersTimeoutMs: number
    requestTimeoutMs: number
    keepAliveTimeoutMs: number
  }
}

export class ConfigError extends Error {}

function storageConfig(e: z.infer<typeof envSchema>): StorageConfig {
  if (e.STORAGE_BACKEND === 'local') return { backend: 'local' }
  const missing = e.S3_BUCKET === undefined ? ['  S3_BUCKET: required when STORAGE_BACKEND=s3'] : []
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    missing.push('  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither')
  }
  if (missing.length > 0) throw new ConfigError(`Invalid environment:\n${missing.join('\n')}`)
  return {
    backend: 's3',
    endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
    region: e.S3_REGION ?? 'us-east-1',
    bucket: e.S3_BUCKET as string,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true' || e.S3_FORCE_PATH_STYLE === '1',
    publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ''),
  }
}

/**
 * What a server process needs beyond a valid environment: with DATABASE_URL several replicas may
 * share the database, and each must sign and check the same tokens (and derive the same
 * authenticator password), so a secret generated into one machine's DATA_DIR will not do.
 */
export function checkServerConfig(config: Config): void {
  if (config.databaseUrl !== undefined && config.jwtSecret === undefined) {
    throw new ConfigError(
      'JWT_SECRET is required when DATABASE_URL is set: every server process on that database ' +
        'must sign and check tokens with the same secret (32 or more characters, e.g. from ' +
        '`openssl rand -base64 48`). A site that ran with DATABASE_URL before finds the secret it ' +
        'used as "jwtSecret" in DATA_DIR/secrets.json.',
    )
  }
}

function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  if (value === undefined) return false
  const v = value.trim().toLowerCase()
  if (v === 'false' || v === '0' || v === 'no') return false
  if (v === 'true' || v === 'yes') return true
  if (/^\d+$/.test(v)) return Number(v)
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}

/** Parses an environment (process.env at the edge, a plain object in tests). Throws ConfigError. */
export function loadConfig(
  env: Record<string, string | undefined>,
  cwd: string = process.cwd(),
): Config {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  const smtp =
    e.SMTP_HOST === undefined
      ? undefined
      : {
          host: e.SMTP_HOST,
          port: e.SMTP_PORT,
          user: e.SMTP_USER,
          pass: e.SMTP_PASS,
          from: e.SMTP_FROM ?? `Rent Due <no-reply@${e.SMTP_HOST}>`,
        }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    siteUrl: (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    publicSupabaseUrl: e.PUBLIC_SUPABASE_URL?.replace(/\/+$/, ''),
    seed: e.SEED,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    fairness: {
      perClient: e.DB_CONNECTIONS_PER_CLIENT,
      queuePerClient: e.DB_QUEUE_PER_CLIENT,
      acquireTimeoutMs: e.DB_ACQUIRE_TIMEOUT_MS,
    },
    txEnd: e.DB_TX_END,
    authRateLimit: e.AUTH_RATE_LIMIT,
    additionalRedirectUrls: (e.ADDITIONAL_REDIRECT_URLS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    smtp,
    webDist: e.WEB_DIST ? path.resolve(cwd, e.WEB_DIST) : path.join(REPO_ROOT, 'apps/web/dist'),
    migrationsDir: path.join(REPO_ROOT, 'supabase/migrations'),
    seedFile: path.join(REPO_ROOT, 'supabase/seed.sql'),
    dbRestartAttempts: e.DB_RESTART_ATTEMPTS,
    backupDir: path.resolve(cwd, e.BACKUP_DIR),
    backupEveryMs: e.BACKUP_EVERY === undefined ? undefined : durationMs(e.BACKUP_EVERY),
    backupKeep: e.BACKUP_KEEP,
    logLevel: e.LOG_LEVEL,
    storage: storageConfig(e),
    queue: { inProcess: e.QUEUE_WORKER === 'on', concurrency: e.QUEUE_CONCURRENCY },
    pages: {
      renders: e.PAGE_RENDERS,
      renderQueue: e.PAGE_RENDER_QUEUE,
      rendersPerClient: e.PAGE_RENDERS_PER_CLIENT,
      cacheSeconds: e.PAGE_CACHE_SECONDS,
      readConnections: e.PAGE_READ_CONNECTIONS,
      readTimeoutMs: e.PAGE_READ_TIMEOUT_MS,
    },
    connections: {
      maxConnections: e.MAX_CONNECTIONS,
      perClient: e.CONNECTIONS_PER_CLIENT,
      headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
    },
  }
}
