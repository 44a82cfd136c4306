// The SVG art that pages show as <img> at a known size, and the WebP copies drawn from it by
// scripts/make-raster-art.ts (why: see that script). Paths are relative to the repository root.
// raster-art.json records the SHA-256 of each source the copies were drawn from, so a unit test
// can say when an SVG changed and its copies were not redrawn.

export type RasterOutput = { file: string; width: number; height: number }
export type RasterArt = { source: string; outputs: RasterOutput[] }

export const RASTER_ART_RECORD = 'apps/web/src/assets/art/raster-art.json'

const STILLS = 'apps/web/public/media/episodes'
const CHARACTERS = 'apps/web/src/assets/art/characters'

/** The stills are 640×360 SVGs shown at most about 430 CSS px wide: drawn 960 wide for 3×
 * screens (the name the database's thumbnails use), 720 wide for the 1.75–2× phones that show one
 * 350–410 px wide, and 480 wide for 1× screens. */
const still = (name: string): RasterArt => ({
  source: `${STILLS}/${name}.svg`,
  outputs: [
    { file: `${STILLS}/${name}.webp`, width: 960, height: 540 },
    { file: `${STILLS}/${name}-720.webp`, width: 720, height: 405 },
    { file: `${STILLS}/${name}-480.webp`, width: 480, height: 270 },
  ],
})
const STILL_NAMES = ['header-still', 'ep1', 'ep2', 'ep3', 'ep4'] as const

/** The portraits as small pictures (the 56-px header avatars, the 72-px game picker, the 96-px
 * game card): drawn at 112, 168 and 288 px, so 2× and 3× screens get a sharp one. */
export const AVATAR_SIZES = [112, 168, 288] as const
const avatar = (id: string): RasterArt => ({
  source: `${CHARACTERS}/${id}.svg`,
  outputs: AVATAR_SIZES.map((size) => ({
    file: `${CHARACTERS}/${id}-${size}.webp`,
    width: size,
    height: size,
  })),
})

export const RASTER_ART: readonly RasterArt[] = [
  ...STILL_NAMES.map(still),
  avatar('bertha'),
  avatar('dez'),
  avatar('rosie'),
  avatar('tubbs'),
]

/** The `sizes` of a still: the full width less the page's margins on phones, else its largest box. */
export const STILL_SIZES = '(max-width: 640px) calc(100vw - 40px), 430px'

/** The srcset of one of our stills by its public URL; none for any other image (an admin's). */
export function stillSrcSet(url: string): string | undefined {
  const name = /^\/media\/episodes\/([a-z0-9-]+)\.webp$/.exec(url)?.[1]
  if (!name || !(STILL_NAMES as readonly string[]).includes(name)) return undefined
  return `/media/episodes/${name}-480.webp 480w, /media/episodes/${name}-720.webp 720w, ${url} 960w`
}
