import { ROOMMATE_IDS, ROOMMATES, type RoommateId } from '@rent-due/games/roommates'
import type { ReactNode } from 'react'
import { characterAvatar } from '../content/characters'
import type { GameStatus } from '../lib/game-loop'
import { CharacterAvatar } from './character-avatar'

type RoommatePickerProps = {
  chosen: RoommateId | null
  onChoose(roommate: RoommateId): void
}

/** The select screen: three roommates as toggle buttons; exactly one can be pressed. */
export function GameRoommatePicker({ chosen, onChoose }: RoommatePickerProps) {
  return (
    <fieldset className="roommate-picker">
      <legend className="roommate-picker__legend">Choose your roommate</legend>
      <div className="roommate-picker__options">
        {ROOMMATE_IDS.map((id) => (
          <button
            key={id}
            type="button"
            className="roommate-picker__option"
            aria-pressed={chosen === id}
            style={{ '--key': ROOMMATES[id].body } as React.CSSProperties}
            onClick={() => onChoose(id)}
          >
            <CharacterAvatar avatar={characterAvatar(id)} size={72} />
            <span>{ROOMMATES[id].name}</span>
          </button>
        ))}
      </div>
    </fieldset>
  )
}

/**
 * GameStage's `before` for a game that starts by picking a roommate: the select screen while the
 * game waits, nothing once it has started.
 */
export function roommateStep(
  view: { status: GameStatus; roommate: RoommateId | null },
  act: (action: { type: 'select'; roommate: RoommateId }) => void,
): ReactNode {
  if (view.status !== 'idle') return null
  return (
    <GameRoommatePicker
      chosen={view.roommate}
      onChoose={(roommate) => act({ type: 'select', roommate })}
    />
  )
}
