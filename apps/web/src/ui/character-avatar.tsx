// A character's portrait as a small decorative picture (the header avatars, the game picker, the
// game card): the WebP copies of the SVG, the browser choosing by the picture's size in CSS px.
import type { Character } from '../content/characters'
import { useHydrated } from '../lib/use-hydrated'

type CharacterAvatarProps = {
  avatar: Character['avatar']
  /** Width and height in CSS px. */
  size: number
  className?: string
  loading?: 'lazy'
  /**
   * Shown (and fetched) once the page is live, not with its first paint: for a portrait on a
   * control only JavaScript answers, so on a slow link the page's code comes first (decision 394).
   */
  whenLive?: boolean
}

export function CharacterAvatar({
  avatar,
  size,
  className,
  loading,
  whenLive = false,
}: CharacterAvatarProps) {
  const live = useHydrated()
  // Before then, no picture at all (one without a source would be drawn as a broken image).
  if (whenLive && !live) return null
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
