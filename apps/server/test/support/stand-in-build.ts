// A web build in miniature for the page tests: index.html and a server entry (a plain ES module,
// as Vite's SSR build writes one) that answers like apps/web's entry-server: `matchPage` names
// each path's routes, `render` reads the news (REST) and a bucket (storage's list, a POST) through
// the fetch it is given, i.e. through the app in-process, and says whether every read succeeded.
// The module exports counters and a hold switch; a test in the same process imports the same
// file (stats) to see how many renders and reads the server made.
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { startTestServer, type StartTestServerOptions, type TestServer } from './test-server.js'
import { writeWebDist } from './web-dist.js'

/** SITE_URL of the servers that serve a stand-in build. */
export const STAND_IN_SITE = 'https://rentdue.example'

export const STAND_IN_INDEX =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>Rent Due</title></head>' +
  '<body><div id="root"></div></body></html>'

const ENTRY = `
export const stats = { renders: 0, reads: 0, renderedPaths: [] }
/** As apps/web lib/read-result.ts: a failed read, with the HTTP status it failed with. */
class ReadError extends Error {
  constructor(message, status) { super(message); this.name = 'ReadError'; this.status = status }
}
let holding = undefined
/** Renders wait until the returned function is called. */
export function hold() {
  let release
  holding = new Promise((resolve) => (release = resolve))
  return () => { holding = undefined; release() }
}
const PAGES = { '/': 'home', '/news': 'news', '/episodes': 'episodes', '/games': 'games' }
export function matchPage(pathname) {
  const path = pathname.replace(/\\/+$/, '').toLowerCase() || '/'
  if (path === '/admin' || path.startsWith('/admin/')) {
    return { routeIds: ['admin'], pattern: '/admin/*', params: {} }
  }
  const episode = /^\\/episodes\\/([^/]+)$/.exec(path)
  if (episode) {
    return { routeIds: ['root', 'episode'], pattern: '/episodes/:slug', params: { slug: episode[1] } }
  }
  const id = PAGES[path]
  if (id) return { routeIds: ['root', id], pattern: path, params: {} }
  return { routeIds: ['root', 'not-found'], pattern: '/*', params: {} }
}
export function publicPaths() {
  return Object.keys(PAGES)
}
export async function render({ request, supabaseUrl, anonKey, fetch }) {
  stats.renders += 1
  const url = new URL(request.url)
  stats.renderedPaths.push(url.pathname)
  if (holding) await holding
  const { routeIds, params } = matchPage(url.pathname)
  const id = routeIds[routeIds.length - 1]
  if (id === 'episode') {
    // As the site's episode page: its own page for a slug the database has, else EVICTED (404).
    stats.reads += 1
    const headers = { apikey: anonKey, authorization: 'Bearer ' + anonKey }
    const res = await fetch(supabaseUrl + '/rest/v1/episodes?select=slug,title', { headers })
    const rows = res.ok ? await res.json() : []
    const found = rows.find((r) => r.slug === params.slug)
    if (!found) {
      return { title: 'Evicted · Rent Due', description: 'Evicted.', noindex: true, status: 404,
        html: '<h1>EVICTED</h1>', data: '', routeIds, complete: res.ok }
    }
    return { title: found.title + ' · Rent Due', description: found.title, noindex: false,
      status: 200, html: '<h1>' + found.title + '</h1>', data: '', routeIds, complete: res.ok }
  }
  const meta = { title: id + ' · Rent Due', description: 'The ' + id + ' page.', noindex: false }
  if (id === 'admin') {
    return { ...meta, status: 200, noindex: true, html: '', data: '', routeIds, complete: true }
  }
  if (id === 'not-found') {
    return { ...meta, status: 404, noindex: true, html: '<h1>EVICTED</h1><p>' + url.pathname + '</p>',
      data: '', routeIds, complete: true }
  }
  const headers = { apikey: anonKey, authorization: 'Bearer ' + anonKey }
  let html = '<h1>' + id + '</h1>'
  let complete = true
  if (id === 'home' || id === 'news') {
    stats.reads += 1
    const res = await fetch(supabaseUrl + '/rest/v1/news?select=headline&order=id.desc', { headers })
    const rows = res.ok ? await res.json() : []
    // As the site's loaders do: a failed read is logged, with its error, and the page goes on.
    if (!res.ok) console.error('Loading the news failed', new ReadError('news: ' + res.status, res.status))
    complete = complete && res.ok
    html += '<ul>' + rows.map((r) => '<li>' + r.headline + '</li>').join('') + '</ul>'
  }
  if (id === 'home') {
    stats.reads += 1
    const res = await fetch(supabaseUrl + '/storage/v1/object/list/Behind%20the%20scenes', {
      method: 'POST', headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ prefix: '', limit: 100 }),
    })
    complete = complete && res.ok
    const objects = res.ok ? await res.json() : []
    html += '<p>' + objects.length + ' clips, ' +
      supabaseUrl + '/storage/v1/object/public/Behind%20the%20scenes/clip.webm</p>'
  }
  html += '<p>' + url.origin + ' ' + supabaseUrl + '</p>'
  return { ...meta, status: 200, html, data: '<script type="application/json" id="rd-router-data">{}</script>',
    routeIds, complete }
}
`

export interface StandInStats {
  renders: number
  reads: number
  renderedPaths: string[]
}

export interface StandInBuild {
  /** The web build directory (WEB_DIST). */
  dist: string
  /** The entry as loaded in this process (the server in this process shares it). */
  entry(): Promise<{ stats: StandInStats; hold(): () => void }>
  remove(): Promise<void>
}

export async function writeStandInBuild(): Promise<StandInBuild> {
  const { dist, remove } = await writeWebDist('pages-dist', {
    'assets/': '',
    'index.html': STAND_IN_INDEX,
    'server/entry-server.js': ENTRY,
  })
  const file = path.join(dist, 'server', 'entry-server.js')
  return {
    dist,
    entry: async () =>
      (await import(pathToFileURL(file).href)) as { stats: StandInStats; hold(): () => void },
    remove,
  }
}

/** A test server serving a stand-in build of its own on STAND_IN_SITE; close() removes both. */
export async function startStandInSite(opts: StartTestServerOptions = {}): Promise<TestServer> {
  const build = await writeStandInBuild()
  try {
    const server = await startTestServer({
      ...opts,
      env: { ...opts.env, webDist: build.dist, siteUrl: STAND_IN_SITE },
    })
    return {
      ...server,
      close: async () => {
        await server.close()
        await build.remove()
      },
    }
  } catch (e) {
    await build.remove()
    throw e
  }
}
