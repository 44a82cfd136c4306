// Vitest global setup for the server project: ONE PostgreSQL for the whole run (an embedded
// cluster in a temp dir, or the server in DATABASE_URL), handed to the test files through
// provide/inject. Each test server then creates its own fresh database in it.
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/db/embedded-postgres.js'
import { authenticatorPassword } from '../../src/keys.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser (or DATABASE_URL owner) connection string of the run's PostgreSQL. */
    adminUrl: string
    /** Password every test server gives the cluster-wide authenticator role. */
    authenticatorPassword: string
    /** JWT secret of every test server (unless a test overrides it). */
    jwtSecret: string
    /** 'embedded' or 'external' (DATABASE_URL). */
    databaseKind: 'embedded' | 'external'
  }
}

const quiet = { info: () => undefined, warn: (m: string) => console.warn(m) }

export default async function setup(project: TestProject) {
  let embedded: EmbeddedPostgres | undefined
  let dir: string | undefined
  let adminUrl = process.env.DATABASE_URL
  if (!adminUrl) {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rentdue-test-pg-'))
    // mkdtemp makes 0700 dirs; as root the cluster runs as `postgres`, who must get in.
    await fs.chmod(dir, 0o755)
    embedded = await startEmbeddedPostgres({
      dataDir: dir,
      superuserPassword: crypto.randomBytes(18).toString('base64url'),
      log: quiet,
    })
    adminUrl = embedded.adminUrl
  }
  project.provide('adminUrl', adminUrl)
  // The authenticator password is derived from the JWT secret as the server does it, so server
  // processes started with JWT_SECRET on this PostgreSQL (replicas.test.ts) agree with the rest.
  const jwtSecret = crypto.randomBytes(48).toString('base64url')
  project.provide('authenticatorPassword', authenticatorPassword(jwtSecret))
  project.provide('jwtSecret', jwtSecret)
  project.provide('databaseKind', embedded ? 'embedded' : 'external')
  return async () => {
    await embedded?.stop()
    if (dir) await fs.rm(dir, { recursive: true, force: true })
  }
}
