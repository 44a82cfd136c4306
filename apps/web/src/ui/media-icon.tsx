// The audio players' button faces (24 × 24, currentColor), drawn here once for the soundtrack
// players and the radio bar. Decorative: every button that shows one has its own accessible name.
const paths = {
  play: 'M7 4.5v15l12.5-7.5z',
  pause: 'M6 4.5h4.5v15H6zM13.5 4.5H18v15h-4.5z',
  previous: 'M5 5h3v14H5zM20 5v14L9 12z',
  next: 'M16 5h3v14h-3zM4 5v14l11-7z',
  shuffle:
    'M3 7h3.6c1.6 0 3 .8 3.9 2.1l3 4.8c.5.7 1.3 1.1 2.1 1.1H17v-2.5l4 3.5-4 3.5V17h-1.4c-1.6 0-3-.8-3.9-2.1l-3-4.8C8.2 9.4 7.4 9 6.6 9H3zM3 15h3.6c.8 0 1.6-.4 2.1-1.1l.4-.7 1.2 1.9-.1.2c-.9 1.3-2.3 2.1-3.9 2.1H3zM17 7V4.5l4 3.5-4 3.5V9h-1.4c-.8 0-1.6.4-2.1 1.1l-.4.7-1.2-1.9.1-.2c.9-1.3 2.3-2.1 3.9-2.1z',
  volume:
    'M3 9h4l5-4v14l-5-4H3zM15.5 8.5a5 5 0 0 1 0 7l-1.4-1.4a3 3 0 0 0 0-4.2zM18.3 5.7a9 9 0 0 1 0 12.6l-1.4-1.4a7 7 0 0 0 0-9.8z',
} as const

export type MediaIconName = keyof typeof paths

/** `className` sizes it: each player's stylesheet has its own (player-icon, radio-icon). */
export function MediaIcon({ name, className }: { name: MediaIconName; className: string }) {
  return (
    <svg
      className={className}
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
