// Renders apps/web/public/og-image.png (1200x630), the card image of every shared link: the
// building's neon sign over the four character portraits in lit windows. Original art only (our
// SVGs in apps/web/src/assets/art/characters, our fonts from @fontsource). Run after changing the
// art: `node scripts/make-og-image.mjs` (needs /usr/bin/chromium or CHROME_PATH). Commit the PNG.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const out = path.join(root, 'apps/web/public/og-image.png')
const art = (id) =>
  `data:image/svg+xml;base64,${fs
    .readFileSync(path.join(root, `apps/web/src/assets/art/characters/${id}.svg`))
    .toString('base64')}`
const font = (file) =>
  `data:font/woff2;base64,${fs
    .readFileSync(path.join(root, 'node_modules/@fontsource', file))
    .toString('base64')}`

const windows = ['dez', 'rosie', 'tubbs']
  .map((id) => `<div class="window"><img src="${art(id)}" alt=""></div>`)
  .join('')

const html = `<!doctype html><html><head><style>
@font-face { font-family: Bangers; src: url(${font('bangers/files/bangers-latin-400-normal.woff2')}); }
@font-face { font-family: Nunito; font-weight: 800; src: url(${font('nunito/files/nunito-latin-800-normal.woff2')}); }
* { box-sizing: border-box; margin: 0; }
html, body { width: 1200px; height: 630px; }
body {
  position: relative; overflow: hidden; background: #141a2e; color: #f6efe2;
  font-family: Nunito, sans-serif; font-weight: 800;
}
.wall {
  position: absolute; right: 0; top: 0; bottom: 0; width: 520px; background: #1e2742;
  border-left: 10px solid #0c1020;
}
.windows { position: absolute; right: 60px; top: 92px; display: grid; grid-template-columns: repeat(2, 180px); gap: 34px 44px; }
.window {
  width: 180px; height: 180px; background: #f4c430; border: 10px solid #0c1020; border-radius: 8px;
  display: grid; place-items: center; box-shadow: 0 0 0 6px #6b3f22;
}
.window img { width: 150px; height: 150px; }
.bertha {
  position: absolute; left: 420px; bottom: -40px; width: 290px; height: 290px; border-radius: 50%;
  border: 10px solid #1b1b1f; background: #f6efe2;
}
.sign { position: absolute; left: 64px; top: 70px; }
.neon {
  font-family: Bangers, Impact, sans-serif; font-size: 180px; line-height: 0.9; letter-spacing: 6px;
  color: #fffaf0; text-shadow: 7px 7px 0 #d7263d;
}
.neon span { display: block; }
.neon .due { color: #f4c430; margin-left: 64px; }
.tagline { margin-top: 30px; max-width: 340px; font-size: 30px; line-height: 1.25; color: #f6efe2; }
.stamp {
  padding: 8px 14px 4px; border: 6px solid #d7263d; color: #ff6b7d; font-family: Bangers, sans-serif;
  font-size: 34px; letter-spacing: 3px; transform: rotate(-10deg); white-space: nowrap;
}
</style></head><body>
<div class="wall"><div class="windows">${windows}<div class="window" style="background:#0c1020"><div class="stamp">PAST DUE</div></div></div></div>
<div class="sign"><div class="neon"><span>Rent</span><span class="due">Due</span></div>
<p class="tagline">Three roommates. One landlady. Zero rent money.</p></div>
<img class="bertha" src="${art('bertha')}" alt="">
</body></html>`

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
})
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } })
  await page.setContent(html)
  await page.evaluate('document.fonts.ready')
  await page.screenshot({ path: out, type: 'png' })
} finally {
  await browser.close()
}
const size = fs.statSync(out).size
console.log(`wrote ${path.relative(root, out)}: ${(size / 1024).toFixed(1)} KiB`)
if (size > 150 * 1024) {
  console.error('og-image.png is over 150 KiB: simplify the art')
  process.exitCode = 1
}
