// A build stylesheet put into the HTML as <style> (decision 163), so the first paint needs no
// further round trip for it.
import fs from 'node:fs'
import path from 'node:path'

/**
 * `<style>` with the file's CSS, then a disabled `<link rel="stylesheet">` to the same file:
 * browsers do not fetch a disabled stylesheet, and Vite's chunk loader, which lists the sheet as
 * a dependency of lazy chunks, skips any sheet a `<link rel="stylesheet">` on the page already
 * names instead of fetching it again at the highest priority. Undefined when the file is missing
 * or could close the `<style>` element early.
 */
export function inlineCssTag(webDist: string, href: string): string | undefined {
  const file = path.join(webDist, ...href.replace(/^\//, '').split('/'))
  if (!/^\/?assets\/[\w.-]+\.css$/.test(href) || !fs.existsSync(file)) return undefined
  const css = fs.readFileSync(file, 'utf8')
  if (/<\/style/i.test(css)) return undefined
  return `<style>${css}</style><link rel="stylesheet" href="/${href.replace(/^\//, '')}" disabled>`
}
