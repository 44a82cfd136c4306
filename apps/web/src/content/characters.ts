// The four main characters: shown as header avatars and in the character dialog. Portraits are
// this project's own SVGs in assets/art/characters/<id>.svg; their small pictures (the header
// avatars, the game picker, the game card) use WebP copies drawn from them
// (scripts/make-raster-art.ts), which cost the page no main thread.
import bertha112 from '../assets/art/characters/bertha-112.webp?no-inline'
import bertha168 from '../assets/art/characters/bertha-168.webp?no-inline'
import bertha288 from '../assets/art/characters/bertha-288.webp?no-inline'
import bertha from '../assets/art/characters/bertha.svg?no-inline'
import dez112 from '../assets/art/characters/dez-112.webp?no-inline'
import dez168 from '../assets/art/characters/dez-168.webp?no-inline'
import dez288 from '../assets/art/characters/dez-288.webp?no-inline'
import dez from '../assets/art/characters/dez.svg?no-inline'
import rosie112 from '../assets/art/characters/rosie-112.webp?no-inline'
import rosie168 from '../assets/art/characters/rosie-168.webp?no-inline'
import rosie288 from '../assets/art/characters/rosie-288.webp?no-inline'
import rosie from '../assets/art/characters/rosie.svg?no-inline'
import tubbs112 from '../assets/art/characters/tubbs-112.webp?no-inline'
import tubbs168 from '../assets/art/characters/tubbs-168.webp?no-inline'
import tubbs288 from '../assets/art/characters/tubbs-288.webp?no-inline'
import tubbs from '../assets/art/characters/tubbs.svg?no-inline'

const portraits: Record<CharacterId, string> = { bertha, dez, rosie, tubbs }
const avatars: Record<CharacterId, [string, string, string]> = {
  bertha: [bertha112, bertha168, bertha288],
  dez: [dez112, dez168, dez288],
  rosie: [rosie112, rosie168, rosie288],
  tubbs: [tubbs112, tubbs168, tubbs288],
}

function portrait(id: CharacterId): string {
  return portraits[id]
}

/** The portrait as a small picture (ui/character-avatar.tsx gives `sizes`). */
export function characterAvatar(id: CharacterId): Character['avatar'] {
  const [small, medium, large] = avatars[id]
  return { src: small, srcSet: `${small} 112w, ${medium} 168w, ${large} 288w` }
}

export type CharacterId = 'bertha' | 'dez' | 'rosie' | 'tubbs'

export type Character = {
  id: CharacterId
  name: string
  /** One line under the name in the dialog and the avatar's tooltip. */
  role: string
  /** The SVG portrait, for the large views (the character dialog, the cast page). */
  image: string
  /** WebP copies for pictures up to 96 CSS px (scripts/make-raster-art.ts). */
  avatar: { src: string; srcSet: string }
  bio: {
    born: string
    birthplace: string
    occupation: string
    hobbies: string
    backstory: string
  }
}

export const characters: readonly Character[] = [
  {
    id: 'bertha',
    name: 'Bertha Briggs',
    role: 'The landlady',
    image: portrait('bertha'),
    avatar: characterAvatar('bertha'),
    bio: {
      born: 'March 1, 1961 (the first of the month, naturally)',
      birthplace: 'The back office of a pawn shop in Bayonne, New Jersey',
      occupation: 'Owner, manager and sole enforcer of The Briggs Arms',
      hobbies:
        'Knocking at 7 a.m., laminating notices, bingo on Tuesdays, counting the building’s lightbulbs',
      backstory:
        'Bertha bought The Briggs Arms with her late husband’s bowling winnings and has not fixed a faucet since. She patrols the halls in curlers and a quilted robe, clipboard of overdue rent in hand, and can hear an envelope being opened three floors up. She swears she has a heart. It is somewhere in the clipboard.',
    },
  },
  {
    id: 'dez',
    name: 'Dez',
    role: 'The hustler',
    image: portrait('dez'),
    avatar: characterAvatar('dez'),
    bio: {
      born: 'April 1, 1996',
      birthplace: 'A minivan in a mall parking lot, Newark',
      occupation:
        'Entrepreneur (self-declared), crypto evangelist (formerly), dog walker (occasionally)',
      hobbies: 'Pitching schemes, motivational podcasts, owning exactly one yellow hoodie',
      backstory:
        'Dez is six-foot-three of pure confidence and no savings. Every week brings a new plan to get rich quick: vending machines for socks, a pyramid scheme he insists is a triangle, a podcast about his other podcast. When rent is due he is already pitching next month’s fortune.',
    },
  },
  {
    id: 'rosie',
    name: 'Rosie',
    role: 'The worker',
    image: portrait('rosie'),
    avatar: characterAvatar('rosie'),
    bio: {
      born: 'November 13, 1997',
      birthplace: 'Queens, New York, during a blackout',
      occupation: 'Rideshare driver, food courier and overnight barista (all at once)',
      hobbies: 'Sleeping in parked cars, kickboxing, arguing with customer-service bots',
      backstory:
        'Rosie is five feet of red curls and fury in a teal jacket. She works three gig jobs and somehow still covers everybody’s share, which she will remind you of. She is the only roommate Bertha is afraid of, and the only one who reads the lease.',
    },
  },
  {
    id: 'tubbs',
    name: 'Tubbs',
    role: 'The chef',
    image: portrait('tubbs'),
    avatar: characterAvatar('tubbs'),
    bio: {
      born: 'August 8, 1994',
      birthplace: 'Above a diner in Baton Rouge, Louisiana',
      occupation: 'Chef, between kitchens (unemployed since the soufflé incident)',
      hobbies:
        'Cooking gourmet dinners out of vending-machine snacks, knitting beanies, feeding strays',
      backstory:
        'Tubbs is big, gentle and the best cook on the block, with nowhere to cook but a hot plate. He never takes off his green beanie and never lets anyone go to bed hungry, including Bertha, which is the only reason they still have a lease.',
    },
  },
]
