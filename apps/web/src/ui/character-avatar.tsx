// A character's portrait as a small decorative picture (the header avatars, the game picker, the
// game card): the WebP copies of the SVG, the browser choosing by the picture's size in CSS px.
import type { Character } from '../content/characters'

type CharacterAvatarProps = {
  avatar: Character['avatar']
  /** Width and height in CSS px. */
  size: number
  className?: string
  loading?: 'lazy'
}

export function CharacterAvatar({ avatar, size, className, loading }: CharacterAvatarProps) {
  return (
    <img
      className={className}
      src={avatar.src}
      srcSet={avatar.srcSet}
      sizes={`${size}px`}
      alt=""
      loading={loading}
      width={size}
      height={size}
    />
  )
}
