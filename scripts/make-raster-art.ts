// Renders the WebP copies of the SVG art that pages show as <img>: the episode stills (Home's
// hero, the episode cards, the previews) and the header avatars. An SVG in an <img> is a whole
// document of its own that the browser parses, styles, lays out and paints on the page's main
// thread; a WebP is decoded off it. On Home that was about 200 ms of main thread on a slow phone
// (docs/performance-history.md, "Sixth pass"). The SVGs stay the source, and the large views (the
// cast page, the character dialog) keep them.
//
//   npx tsx scripts/make-raster-art.ts
//
// Needs Chromium (/usr/bin/chromium or CHROME_PATH): each SVG is drawn by the browser that shows
// it, so the picture is the one a visitor saw before. Run it after changing any of the SVGs below
// and commit the WebP files and raster-art.json; a unit test fails while they are out of date.
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { RASTER_ART, RASTER_ART_RECORD } from '../apps/web/src/assets/art/raster-art.js'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
/** WebP quality (0–1): flat cartoon colours stay clean at this level. */
const QUALITY = 0.82

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
})
const record: Record<string, string> = {}
try {
  // One blank page draws everything: each picture is drawn into a canvas, not onto the page.
  const page = await browser.newPage()
  for (const art of RASTER_ART) {
    const svg = readFileSync(path.join(root, art.source))
    record[art.source] = createHash('sha256').update(svg).digest('hex')
    for (const output of art.outputs) {
      // Draws the SVG into a canvas of the output's size and encodes it as WebP, alpha kept (the
      // avatars are round).
      const dataUrl = await page.evaluate(
        async ({ svg, width, height, quality }) => {
          const image = new Image(width, height)
          image.src = `data:image/svg+xml;base64,${svg}`
          await image.decode()
          const canvas = document.createElement('canvas')
          canvas.width = width
          canvas.height = height
          canvas.getContext('2d')!.drawImage(image, 0, 0, width, height)
          return canvas.toDataURL('image/webp', quality)
        },
        { svg: svg.toString('base64'), ...output, quality: QUALITY },
      )
      if (!dataUrl.startsWith('data:image/webp;base64,')) {
        throw new Error(`this Chromium cannot encode WebP (${output.file})`)
      }
      const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64')
      writeFileSync(path.join(root, output.file), bytes)
      console.log(`${output.file}  ${output.width}×${output.height}  ${bytes.length} bytes`)
    }
  }
} finally {
  await browser.close()
}
writeFileSync(path.join(root, RASTER_ART_RECORD), `${JSON.stringify(record, null, 2)}\n`)
console.log(`${RASTER_ART_RECORD} updated`)
