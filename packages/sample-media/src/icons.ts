// Track icons for the soundtrack players, drawn as SVG strings at seed time: a vinyl record per
// volume (label colour and number differ) and one cassette for the radio bar. They go to the
// 'Rent Due Game Images' bucket, which the site reads its track artwork from.
import type { SoundtrackBucket } from './music.js'

export interface IconSpec {
  name: string
  svg: string
}

const VOLUME_COLOURS: ReadonlyArray<{ bucket: SoundtrackBucket; label: string; accent: string }> = [
  { bucket: 'soundtrack 1st', label: '#f2a93b', accent: '#7a3e00' },
  { bucket: 'soundtrack 2nd', label: '#3bc9f2', accent: '#003d5c' },
  { bucket: 'soundtrack 3rd', label: '#c77dff', accent: '#3c0063' },
  { bucket: 'soundtrack 4th', label: '#ef4444', accent: '#5c0000' },
]

/** Object name of a volume's icon in the images bucket, e.g. 'soundtrack 1st icon.svg'. */
export function volumeIconName(bucket: SoundtrackBucket): string {
  return `${bucket} icon.svg`
}

function vinyl(volume: number, label: string, accent: string): string {
  const grooves = [44, 40, 36, 32, 28]
    .map(
      (r) => `<circle cx="50" cy="50" r="${r}" fill="none" stroke="#2b2b2b" stroke-width="0.8"/>`,
    )
    .join('')
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="256" height="256">',
    `<title>Rent Due soundtrack volume ${volume}</title>`,
    '<circle cx="50" cy="50" r="48" fill="#111"/>',
    grooves,
    '<path d="M22 30 A34 34 0 0 1 50 16" fill="none" stroke="#fff" stroke-opacity="0.25" stroke-width="3" stroke-linecap="round"/>',
    `<circle cx="50" cy="50" r="18" fill="${label}"/>`,
    `<text x="50" y="44" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="6" fill="${accent}">RENT DUE</text>`,
    `<text x="50" y="65" text-anchor="middle" font-family="sans-serif" font-weight="800" font-size="11" fill="${accent}">${volume}</text>`,
    '<circle cx="50" cy="50" r="2" fill="#111"/>',
    '</svg>',
  ].join('')
}

function cassette(): string {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 64" width="256" height="164">',
    '<title>Rent Due radio cassette</title>',
    '<rect x="2" y="2" width="96" height="60" rx="6" fill="#2d2a26" stroke="#f2a93b" stroke-width="2"/>',
    '<rect x="12" y="9" width="76" height="28" rx="3" fill="#f5ecd7"/>',
    '<text x="50" y="20" text-anchor="middle" font-family="sans-serif" font-weight="800" font-size="8" fill="#7a3e00">RENT DUE</text>',
    '<text x="50" y="31" text-anchor="middle" font-family="sans-serif" font-size="6" fill="#7a3e00">MIXTAPE · PAY LATER</text>',
    '<circle cx="32" cy="47" r="7" fill="#f5ecd7"/><circle cx="68" cy="47" r="7" fill="#f5ecd7"/>',
    '<circle cx="32" cy="47" r="3" fill="#2d2a26"/><circle cx="68" cy="47" r="3" fill="#2d2a26"/>',
    '<rect x="42" y="43" width="16" height="8" rx="2" fill="#1a1815"/>',
    '</svg>',
  ].join('')
}

/** Every generated icon: one vinyl per soundtrack volume, plus 'radio cassette.svg'. */
export function sampleIcons(): IconSpec[] {
  return [
    ...VOLUME_COLOURS.map(({ bucket, label, accent }, i) => ({
      name: volumeIconName(bucket),
      svg: vinyl(i + 1, label, accent),
    })),
    { name: 'radio cassette.svg', svg: cassette() },
  ]
}
