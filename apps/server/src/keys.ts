// The project's secrets and the two API keys derived from them. The JWT secret comes from the
// environment or is generated once into DATA_DIR/secrets.json (mode 0600); the anon and
// service-role keys are HS256 JWTs signed with it whose iat/exp are fixed, so the same secret
// always yields the same keys, across restarts and across processes.
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { SignJWT } from 'jose'
import { secretKey } from './caller/jwt.js'

export interface Keys {
  jwtSecret: Uint8Array
  anonKey: string
  serviceRoleKey: string
}

/** What DATA_DIR/secrets.json holds: generated on first start, never committed or sent anywhere. */
export interface Secrets {
  /** Used only when JWT_SECRET is not set. */
  jwtSecret: string
  /** Password of the embedded cluster's superuser `postgres`. */
  postgresPassword: string
}

export const SECRETS_FILE = 'secrets.json'

// Fixed so keys are reproducible; 10 years is what the Supabase CLI gives its local keys too.
const KEY_IAT = 1_700_000_000
const KEY_EXP = KEY_IAT + 10 * 365 * 24 * 60 * 60

function randomSecret(bytes = 48): string {
  return crypto.randomBytes(bytes).toString('base64url')
}

function isSecrets(v: unknown): v is Secrets {
  const o = v as Partial<Secrets> | null
  return typeof o?.jwtSecret === 'string' && typeof o.postgresPassword === 'string'
}

/**
 * Reads DATA_DIR/secrets.json, creating it on first use. Creation is atomic (write a temp file,
 * then hard-link it into place), so two servers starting at once agree on one set of secrets.
 */
export async function loadOrCreateSecrets(dataDir: string): Promise<Secrets> {
  const file = path.join(dataDir, SECRETS_FILE)
  try {
    const parsed: unknown = JSON.parse(await fs.readFile(file, 'utf8'))
    if (!isSecrets(parsed)) throw new Error(`${file} is missing jwtSecret or postgresPassword`)
    return parsed
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e
  }
  await fs.mkdir(dataDir, { recursive: true })
  const secrets: Secrets = { jwtSecret: randomSecret(), postgresPassword: randomSecret(24) }
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`
  await fs.writeFile(tmp, JSON.stringify(secrets, null, 2) + '\n', { mode: 0o600 })
  try {
    await fs.link(tmp, file)
    return secrets
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
    // Another process won the race: use its secrets.
    return loadOrCreateSecrets(dataDir)
  } finally {
    await fs.unlink(tmp).catch(() => undefined)
  }
}

/** The secret every token is signed with: JWT_SECRET when configured, else the generated one. */
export function effectiveJwtSecret(configured: string | undefined, secrets: Secrets): string {
  return configured ?? secrets.jwtSecret
}

async function apiKey(role: 'anon' | 'service_role', secret: Uint8Array): Promise<string> {
  return new SignJWT({ iss: 'supabase', ref: 'rent-due', role, iat: KEY_IAT, exp: KEY_EXP })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(secret)
}

export async function deriveKeys(jwtSecret: string): Promise<Keys> {
  const secret = secretKey(jwtSecret)
  return {
    jwtSecret: secret,
    anonKey: await apiKey('anon', secret),
    serviceRoleKey: await apiKey('service_role', secret),
  }
}

/**
 * The password of the `authenticator` login role. It is derived from the JWT secret rather than
 * stored on its own, so every process that shares the secret (several servers on one
 * DATABASE_URL) sets the very same password instead of locking the others out.
 */
export function authenticatorPassword(jwtSecret: string): string {
  return crypto
    .createHmac('sha256', jwtSecret)
    .update('rent-due authenticator password')
    .digest('base64url')
}
