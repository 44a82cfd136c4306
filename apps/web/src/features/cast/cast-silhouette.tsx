// The shared portrait style for everyone but the main four (DESIGN.md, Characters): a flat
// silhouette with a thick outline in one of a few colours, a hair shape and the initials, all
// derived from the entry's id so the same character always looks the same. Drawn inline: one
// small component instead of ~50 files.

const colours = ['#1f6f78', '#d7263d', '#2e8b57', '#7a4fa3', '#c26a1b', '#3b5ba5', '#a3336e']
const backgrounds = ['#f4c430', '#f2a7b8', '#9fd3c7', '#f6efe2', '#ffd59e']

/** A small stable hash (FNV-1a) so colours do not change when the list is reordered. */
function hash(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

export function initialsOf(name: string): string {
  const words = name
    .replace(
      /^(Mr|Mrs|Ms|Dr|Officer|Nurse|Judge|Pastor|Coach|Chef|The|Big|Auntie|Grandpa)\.?\s+/i,
      '',
    )
    .split(/\s+/)
    .filter((w) => /^[A-Z]/.test(w))
  return words
    .slice(0, 2)
    .map((w) => w.charAt(0))
    .join('')
}

const hairs = [
  // short crop
  'M30 40Q30 18 48 18Q66 18 66 40Q60 30 48 30Q36 30 30 40Z',
  // bun on top
  'M30 40Q30 20 48 20Q66 20 66 40Q58 28 48 28Q38 28 30 40ZM40 18Q40 8 48 8Q56 8 56 18Z',
  // long hair down the sides
  'M28 56Q24 18 48 18Q72 18 68 56L62 56Q64 32 48 30Q32 32 34 56Z',
  // cap with a brim
  'M30 36Q30 16 48 16Q66 16 66 36ZM62 34H76V39H62Z',
] as const

export function CastSilhouette({
  id,
  name,
  size = 96,
}: {
  id: string
  name: string
  size?: number
}) {
  const h = hash(id)
  const colour = colours[h % colours.length]
  const background = backgrounds[(h >>> 4) % backgrounds.length]
  const hair = hairs[(h >>> 8) % hairs.length]
  return (
    <svg
      className="cast-silhouette"
      viewBox="0 0 96 96"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="48" cy="48" r="46" fill={background} />
      <g stroke="#1b1b1f" strokeWidth="3.5" strokeLinejoin="round">
        <path d="M12 96Q12 66 48 64Q84 66 84 96Z" fill={colour} />
        <circle cx="48" cy="42" r="17" fill={colour} />
        <path d={hair} fill="#1b1b1f" />
      </g>
      <text
        x="48"
        y="89"
        textAnchor="middle"
        fontFamily="Impact, 'Arial Black', sans-serif"
        fontSize="15"
        fill="#fff"
        letterSpacing="1"
      >
        {initialsOf(name)}
      </text>
    </svg>
  )
}
