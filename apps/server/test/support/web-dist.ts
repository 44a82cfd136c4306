// A web build of a test's own, laid out as Vite's build lays one out: the files it names
// (path → contents; a path ending in / is an empty folder) in a fresh temporary folder, and the
// static-site plugin alone (no API) serving one on a loopback port.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { registerStaticSite } from '../../src/http/static-site.js'

export interface WebDist {
  dist: string
  remove(): Promise<void>
}

/** `name` tells the temporary folder apart. */
export async function writeWebDist(
  name: string,
  files: Record<string, string | Buffer>,
): Promise<WebDist> {
  const dist = await fs.mkdtemp(path.join(os.tmpdir(), `rentdue-${name}-`))
  const remove = () => fs.rm(dist, { recursive: true, force: true })
  try {
    for (const [file, contents] of Object.entries(files)) {
      const target = path.join(dist, file)
      if (file.endsWith('/')) {
        await fs.mkdir(target, { recursive: true })
        continue
      }
      await fs.mkdir(path.dirname(target), { recursive: true })
      await fs.writeFile(target, contents)
    }
  } catch (e) {
    await remove()
    throw e
  }
  return { dist, remove }
}

/** The static-site plugin over `webDist`, as app.ts registers it but without the APIs. */
export async function listenStaticSite(
  webDist: string,
  siteUrl: string,
): Promise<{ app: FastifyInstance; base: string }> {
  const app = Fastify()
  await registerStaticSite(app, {
    webDist,
    apiPrefixes: ['/rest/v1'],
    runtimeConfig: { supabaseUrl: '', anonKey: 'anon-key' },
    siteUrl,
  })
  return { app, base: await app.listen({ host: '127.0.0.1', port: 0 }) }
}
