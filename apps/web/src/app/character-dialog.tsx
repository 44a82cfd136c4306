import type { Character } from '../content/characters'
import { CharacterAvatar } from '../ui/character-avatar'
import { Dialog } from '../ui/dialog'

type CharacterDialogProps = { character: Character }

/** A header avatar (a lit window) that opens the character's file: portrait and biography. */
export function CharacterDialog({ character }: CharacterDialogProps) {
  const { name, role, image, avatar, bio } = character
  return (
    <Dialog
      title={name}
      meta={role}
      className="character-dialog"
      trigger={
        <button
          type="button"
          className="window"
          aria-label={`${name}, ${role.toLowerCase()}: read bio`}
        >
          <CharacterAvatar className="window__portrait" avatar={avatar} size={56} whenLive />
        </button>
      }
    >
      <img
        className="character-dialog__portrait"
        src={image}
        alt={`Portrait of ${name}`}
        width={144}
        height={144}
      />
      <dl className="bio">
        <dt>Born</dt>
        <dd>{bio.born}</dd>
        <dt>Birthplace</dt>
        <dd>{bio.birthplace}</dd>
        <dt>Occupation</dt>
        <dd>{bio.occupation}</dd>
        <dt>Hobbies</dt>
        <dd>{bio.hobbies}</dd>
        <dt>Backstory</dt>
        <dd>{bio.backstory}</dd>
      </dl>
    </Dialog>
  )
}
