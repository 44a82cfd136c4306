// The site's three web fonts (Bangers 400 for the headings, Nunito 400 and 800 for the text and the
// buttons), each cut into two files by the characters they hold (decision 392):
//
// - `basic`: what the site's own words use (printable ASCII and the typographer's punctuation and
//   signs its texts carry). Every page needs it for its first paint: the server preloads it.
// - `more`: the rest of the Latin set the @fontsource files carry (accented letters, symbols). Its
//   @font-face has the matching `unicode-range`, so a browser fetches it only for a page whose text
//   holds one of those characters (a fan's name with an accent in a memo), and no character of the
//   old files is lost.
//
// The @fontsource Latin files held both in one file per face, 56 KB that every first visit fetched
// before anything else while the page's code waited for the same link; the basic cuts are 33 KB.
// Written under src/app/styles/fonts/ (ignored by git) when a build or the dev server starts, with
// the stylesheet boot.ts imports; skipped when the sources and this table have not changed.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import subsetFont from 'subset-font'
import type { Plugin } from 'vite'

const require = createRequire(import.meta.url)

/** Where the cut files and their stylesheet go (imported by src/app/boot.ts). */
export const FONTS_DIR = fileURLToPath(new URL('../src/app/styles/fonts/', import.meta.url))
export const FONTS_CSS = 'site-fonts.css'

interface Face {
  family: string
  weight: number
  /** The @fontsource file (its Latin subset), as a package path. */
  source: string
  /** The cut files' name: `<name>-basic.woff2`, `<name>-more.woff2`. */
  name: string
}

export const FACES: readonly Face[] = [
  {
    family: 'Bangers',
    weight: 400,
    source: '@fontsource/bangers/files/bangers-latin-400-normal.woff2',
    name: 'bangers-400',
  },
  {
    family: 'Nunito',
    weight: 400,
    source: '@fontsource/nunito/files/nunito-latin-400-normal.woff2',
    name: 'nunito-400',
  },
  {
    family: 'Nunito',
    weight: 800,
    source: '@fontsource/nunito/files/nunito-latin-800-normal.woff2',
    name: 'nunito-800',
  },
]

/** A range of code points, both ends included. */
type Range = readonly [number, number]

/** The characters of @fontsource's Latin files (their `unicode-range`, from U+0020 on). */
export const LATIN: readonly Range[] = [
  [0x20, 0xff],
  [0x131, 0x131],
  [0x152, 0x153],
  [0x2bb, 0x2bc],
  [0x2c6, 0x2c6],
  [0x2da, 0x2da],
  [0x2dc, 0x2dc],
  [0x304, 0x304],
  [0x308, 0x308],
  [0x329, 0x329],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2191, 0x2191],
  [0x2193, 0x2193],
  [0x2212, 0x2212],
  [0x2215, 0x2215],
  [0xfeff, 0xfeff],
  [0xfffd, 0xfffd],
]

/**
 * The basic cut: printable ASCII, the no-break space, © · ×, é ñ ö (the cast's names), the dashes,
 * the curly quotes, the bullet, the ellipsis and the minus of a time left (the characters beyond
 * ASCII that the site's pages show in these fonts).
 */
export const BASIC: readonly Range[] = [
  [0x20, 0x7e],
  [0xa0, 0xa0],
  [0xa9, 0xa9],
  [0xb7, 0xb7],
  [0xd7, 0xd7],
  [0xe9, 0xe9],
  [0xf1, 0xf1],
  [0xf6, 0xf6],
  [0x2013, 0x2014],
  [0x2018, 0x2019],
  [0x201c, 0x201d],
  [0x2022, 0x2022],
  [0x2026, 0x2026],
  [0x2212, 0x2212],
]

export function codePoints(ranges: readonly Range[]): number[] {
  return ranges.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => from + i))
}

/** `points` as the fewest ranges: sorted, repeats dropped, neighbours joined. */
export function toRanges(points: readonly number[]): Range[] {
  const out: [number, number][] = []
  for (const point of [...new Set(points)].sort((a, b) => a - b)) {
    const last = out.at(-1)
    if (last && point === last[1] + 1) last[1] = point
    else out.push([point, point])
  }
  return out
}

/** The characters of LATIN that the basic cut does not hold. */
export function moreRanges(): Range[] {
  const basic = new Set(codePoints(BASIC))
  return toRanges(codePoints(LATIN).filter((point) => !basic.has(point)))
}

/** A CSS `unicode-range` value. */
export function unicodeRange(ranges: readonly Range[]): string {
  const hex = (point: number) => point.toString(16).toUpperCase().padStart(4, '0')
  return ranges
    .map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`))
    .join(',')
}

/** The two cuts of every face: the file-name suffix and the characters each holds. */
function cuts(): { suffix: 'basic' | 'more'; ranges: readonly Range[] }[] {
  return [
    { suffix: 'basic', ranges: BASIC },
    { suffix: 'more', ranges: moreRanges() },
  ]
}

/** The cut files every page preloads (the basic ones), in FACES' order. */
export const PRELOADED_FONTS: readonly string[] = FACES.map((face) =>
  path.join(FONTS_DIR, `${face.name}-basic.woff2`),
)

export function fontFaces(): string {
  return FACES.flatMap((face) =>
    cuts().map(
      ({ suffix, ranges }) =>
        `@font-face {\n  font-family: '${face.family}';\n  font-style: normal;\n` +
        `  font-weight: ${face.weight};\n  font-display: swap;\n` +
        `  src: url(./${face.name}-${suffix}.woff2) format('woff2');\n` +
        `  unicode-range: ${unicodeRange(ranges)};\n}\n`,
    ),
  ).join('\n')
}

/** Writes `file` whole or not at all (two builds starting together each write the same bytes). */
function writeAtomically(file: string, data: string | Uint8Array) {
  const temporary = `${file}.${process.pid}.tmp`
  fs.writeFileSync(temporary, data)
  fs.renameSync(temporary, file)
}

/** Cuts the fonts into FONTS_DIR unless the files there were cut from the same sources. */
export async function writeFontSubsets(): Promise<void> {
  const sources = FACES.map((face) => fs.readFileSync(require.resolve(face.source)))
  const css =
    '/* Written by build/font-subsets.ts (the site fonts, cut in two by character). */\n\n' +
    fontFaces()
  const hash = createHash('sha256').update(css)
  for (const source of sources) hash.update(source)
  const stamp = hash.digest('hex')
  const stampFile = path.join(FONTS_DIR, 'stamp')
  if (fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === stamp) return
  fs.mkdirSync(FONTS_DIR, { recursive: true })
  for (const [i, face] of FACES.entries()) {
    for (const { suffix, ranges } of cuts()) {
      const cut = await subsetFont(sources[i]!, String.fromCodePoint(...codePoints(ranges)), {
        targetFormat: 'woff2',
      })
      writeAtomically(path.join(FONTS_DIR, `${face.name}-${suffix}.woff2`), cut)
    }
  }
  writeAtomically(path.join(FONTS_DIR, FONTS_CSS), css)
  writeAtomically(stampFile, stamp)
}

/** Vite: cut the fonts before the first stylesheet is read (build and dev server alike). */
export function fontSubsets(): Plugin {
  return {
    name: 'rent-due:font-subsets',
    async buildStart() {
      await writeFontSubsets()
    },
  }
}
