// A deployment of its own for the server processes a test starts (main-process.ts), as an
// operator would set one up: a fresh database on the run's PostgreSQL, a fresh DATA_DIR and,
// when asked, the stand-in web build (stand-in-build.ts) on SITE_URL; `env` points a process at
// them, remove() takes them all away again.
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { inject } from 'vitest'
import { STAND_IN_SITE, writeStandInBuild, type StandInBuild } from './stand-in-build.js'
import { adminQuery, withDatabase } from './test-server.js'

export interface Deployment {
  databaseUrl: string
  dataDir: string
  /** DATABASE_URL, JWT_SECRET (the run's), SEED=off, DATA_DIR; WEB_DIST and SITE_URL with a site. */
  env: Record<string, string>
  remove(): Promise<void>
}

/** `name` tells the database and folder apart (letters and hyphens). */
export async function freshDeployment(name: string, opts: { site?: boolean } = {}) {
  const databaseName = `rd_${name.replace(/-/g, '_')}_${crypto.randomBytes(4).toString('hex')}`
  let dataDir: string | undefined
  let build: StandInBuild | undefined
  const remove = async () => {
    await adminQuery(inject('adminUrl'), `drop database if exists ${databaseName} with (force)`)
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true })
    await build?.remove()
  }
  try {
    await adminQuery(inject('adminUrl'), `create database ${databaseName}`)
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `rentdue-${name}-`))
    if (opts.site) build = await writeStandInBuild()
  } catch (e) {
    await remove()
    throw e
  }
  const databaseUrl = withDatabase(inject('adminUrl'), databaseName)
  const env: Record<string, string> = {
    DATABASE_URL: databaseUrl,
    JWT_SECRET: inject('jwtSecret'),
    SEED: 'off',
    DATA_DIR: dataDir,
  }
  if (build) Object.assign(env, { WEB_DIST: build.dist, SITE_URL: STAND_IN_SITE })
  const deployment: Deployment = { databaseUrl, dataDir, env, remove }
  return deployment
}
