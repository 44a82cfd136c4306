// The people behind the show (docs/product/pages.md#creators). Everyone here is invented, and every
// social handle is a placeholder on the platform's real profile-URL pattern: the team must confirm
// them.

export type CreatorSocialType = 'instagram' | 'x' | 'youtube' | 'tiktok' | 'website'

export type Creator = {
  id: string
  name: string
  role: string
  socials: readonly { type: CreatorSocialType; url: string }[]
}

export const creators: readonly Creator[] = [
  {
    id: 'nadia-ferro-hart',
    name: 'Nadia Ferro-Hart',
    role: 'Creator and showrunner',
    socials: [
      { type: 'instagram', url: 'https://www.instagram.com/rentdue.show' },
      { type: 'x', url: 'https://x.com/rentdueshow' },
      { type: 'youtube', url: 'https://www.youtube.com/@rentdueshow' },
    ],
  },
  {
    id: 'felix-brandt',
    name: 'Felix Brandt-Moreno',
    role: 'Head writer',
    socials: [
      { type: 'x', url: 'https://x.com/felixwritesrent' },
      { type: 'website', url: 'https://felixbrandtmoreno.example.com' },
    ],
  },
  {
    id: 'june-castellan',
    name: 'June Castellan',
    role: 'Art director',
    socials: [
      { type: 'instagram', url: 'https://www.instagram.com/june.draws.rent' },
      { type: 'tiktok', url: 'https://www.tiktok.com/@junedrawsrent' },
    ],
  },
  {
    id: 'oskar-lindgren',
    name: 'Oskar Lindgren-Abiola',
    role: 'Composer',
    socials: [
      { type: 'youtube', url: 'https://www.youtube.com/@oskarscores' },
      { type: 'instagram', url: 'https://www.instagram.com/oskar.scores' },
      { type: 'website', url: 'https://oskarlindgren.example.com' },
    ],
  },
]
