import type { Sfx } from '../lib/game-sfx'

/** Sound on/off for the game pages; the choice is remembered (lib/game-sfx). */
export function GameMuteToggle({ sfx }: { sfx: Sfx }) {
  return (
    <button
      type="button"
      className="btn btn--secondary game__mute"
      aria-pressed={sfx.muted}
      onClick={() => sfx.setMuted(!sfx.muted)}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d="M3 9h4l5-4v14l-5-4H3z" fill="currentColor" />
        {sfx.muted ? (
          <path d="M16 9l5 6m0-6l-5 6" stroke="currentColor" strokeWidth="2.4" fill="none" />
        ) : (
          <path
            d="M15.5 8.5a5 5 0 0 1 0 7M18 6a8.5 8.5 0 0 1 0 12"
            stroke="currentColor"
            strokeWidth="2.2"
            fill="none"
            strokeLinecap="round"
          />
        )}
      </svg>
      <span className="game__mute-label">Mute sound</span>
    </button>
  )
}
