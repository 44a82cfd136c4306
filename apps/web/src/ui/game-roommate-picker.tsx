import { ROOMMATE_IDS, ROOMMATES, type RoommateId } from '@rent-due/games/roommates'
import { characters } from '../content/characters'

type RoommatePickerProps = {
  chosen: RoommateId | null
  onChoose(roommate: RoommateId): void
}

const portraits = new Map(characters.map((c) => [c.id as string, c.avatar]))

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
            <img
              src={portraits.get(id)?.src}
              srcSet={portraits.get(id)?.srcSet}
              sizes="72px"
              alt=""
              width={72}
              height={72}
            />
            <span>{ROOMMATES[id].name}</span>
          </button>
        ))}
      </div>
    </fieldset>
  )
}
