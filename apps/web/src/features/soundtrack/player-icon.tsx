// The transport icons of the players, drawn here (24 × 24, currentColor). Decorative: every
// button that shows one has its own accessible name.
const paths = {
  play: 'M7 4.5v15l12.5-7.5z',
  pause: 'M6 4.5h4.5v15H6zM13.5 4.5H18v15h-4.5z',
  previous: 'M5 5h3v14H5zM20 5v14L9 12z',
  next: 'M16 5h3v14h-3zM4 5v14l11-7z',
  shuffle:
    'M3 7h3.6c1.6 0 3 .8 3.9 2.1l3 4.8c.5.7 1.3 1.1 2.1 1.1H17v-2.5l4 3.5-4 3.5V17h-1.4c-1.6 0-3-.8-3.9-2.1l-3-4.8C8.2 9.4 7.4 9 6.6 9H3zM3 15h3.6c.8 0 1.6-.4 2.1-1.1l.4-.7 1.2 1.9-.1.2c-.9 1.3-2.3 2.1-3.9 2.1H3zM17 7V4.5l4 3.5-4 3.5V9h-1.4c-.8 0-1.6.4-2.1 1.1l-.4.7-1.2-1.9.1-.2c.9-1.3 2.3-2.1 3.9-2.1z',
} as const

export type PlayerIconName = keyof typeof paths

export function PlayerIcon({ name }: { name: PlayerIconName }) {
  return (
    <svg
      className="player-icon"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[name]} fill="currentColor" />
    </svg>
  )
}
