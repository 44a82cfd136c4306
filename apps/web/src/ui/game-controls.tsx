import type { ReactNode } from 'react'
import type { Sfx } from '../lib/game-sfx'
import { GameMuteToggle } from './game-mute-toggle'

type GameControlsProps = {
  status: 'idle' | 'running' | 'paused' | 'ended'
  /** Start stays disabled until the game can begin (e.g. a roommate is chosen). */
  canStart?: boolean
  onStart: () => void
  onTogglePause: () => void
  onReset: () => void
  sfx: Sfx
  /** The game's own main action while playing (Penny Pinchers' Drop); Pause then steps back. */
  action?: ReactNode
}

/** The buttons every canvas game shares: Start, then Pause/Resume and Reset, and sound. */
export function GameControls({
  status,
  canStart = true,
  onStart,
  onTogglePause,
  onReset,
  sfx,
  action,
}: GameControlsProps) {
  return (
    <>
      {status === 'idle' ? (
        <button
          type="button"
          className="btn btn--primary btn--large"
          disabled={!canStart}
          onClick={onStart}
        >
          Start
        </button>
      ) : (
        <>
          {action}
          <button
            type="button"
            className={action ? 'btn btn--secondary' : 'btn btn--primary'}
            disabled={status === 'ended'}
            onClick={onTogglePause}
          >
            {status === 'paused' ? 'Resume' : 'Pause'}
          </button>
          <button type="button" className="btn btn--secondary" onClick={onReset}>
            Reset
          </button>
        </>
      )}
      <GameMuteToggle sfx={sfx} />
    </>
  )
}
