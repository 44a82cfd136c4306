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
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
})

export interface SmtpConfig {
  host: string
  port: number
  user: string | undefined
  pass: string | undefined
  from: string
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
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
}

export class ConfigError extends Error {}

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
    logLevel: e.LOG_LEVEL,
  }
}
