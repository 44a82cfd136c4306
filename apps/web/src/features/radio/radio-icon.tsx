// The radio's button faces (24 × 24, currentColor). Decorative: each button has its own name.
const paths = {
  play: 'M7 4.5v15l12.5-7.5z',
  pause: 'M6 4.5h4.5v15H6zM13.5 4.5H18v15h-4.5z',
  previous: 'M5 5h3v14H5zM20 5v14L9 12z',
  next: 'M16 5h3v14h-3zM4 5v14l11-7z',
  volume:
    'M3 9h4l5-4v14l-5-4H3zM15.5 8.5a5 5 0 0 1 0 7l-1.4-1.4a3 3 0 0 0 0-4.2zM18.3 5.7a9 9 0 0 1 0 12.6l-1.4-1.4a7 7 0 0 0 0-9.8z',
} as const

export function RadioIcon({ name }: { name: keyof typeof paths }) {
  return (
    <svg
      className="radio-icon"
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
