// The series' own social accounts, shown under the fan club form on Home. Edit here when a
// handle changes; every link opens in a new tab.

export type SocialLink = { network: string; label: string; url: string }

export const socials: readonly SocialLink[] = [
  { network: 'instagram', label: 'Instagram', url: 'https://www.instagram.com/rentdueshow/' },
  { network: 'tiktok', label: 'TikTok', url: 'https://www.tiktok.com/@rentdueshow' },
  { network: 'youtube', label: 'YouTube', url: 'https://www.youtube.com/@rentdueshow' },
  { network: 'x', label: 'X (Twitter)', url: 'https://twitter.com/rentdueshow' },
  { network: 'facebook', label: 'Facebook', url: 'https://www.facebook.com/rentdueshow' },
]
