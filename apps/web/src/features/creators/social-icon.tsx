// Small original glyphs for the creators' social links (not the platforms' logos): a camera,
// an X, a play button, a music note and a globe. Decorative; the link carries the name.
import type { CreatorSocialType } from '../../content/creators'

const paths: Record<CreatorSocialType, string> = {
  instagram:
    'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4Zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm5.5-2.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2Z',
  x: 'M4 4h4.5l4 5.6L17 4h3l-6 7.4L20.5 20H16l-4.4-6L6.8 20H4l6.2-7.6Z',
  youtube: 'M4 6.5Q4 5 5.5 5h13Q20 5 20 6.5v11Q20 19 18.5 19h-13Q4 19 4 17.5ZM10 9v6l5-3Z',
  tiktok: 'M14 3h3q.5 3 4 4v3q-2.4 0-4-1.2V15a6 6 0 1 1-6-6v3a3 3 0 1 0 3 3Z',
  website:
    'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 2c1 1.2 1.9 3.6 2 6h-4c.1-2.4 1-4.8 2-6ZM5.1 11a7 7 0 0 1 3.5-5.3A14 14 0 0 0 8 11Zm0 2H8c.1 2 .4 3.8 1 5.3A7 7 0 0 1 5.1 13Zm4.9 0h4c-.1 2.4-1 4.8-2 6-1-1.2-1.9-3.6-2-6Zm6-2a14 14 0 0 0-.6-5.3A7 7 0 0 1 18.9 11Zm0 2h2.9a7 7 0 0 1-3.5 5.3c.4-1.5.6-3.3.6-5.3Z',
}

export const socialLabels: Record<CreatorSocialType, string> = {
  instagram: 'Instagram',
  x: 'X',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  website: 'website',
}

export function SocialIcon({ type }: { type: CreatorSocialType }) {
  return (
    <svg
      className="social-icon"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[type]} fill="currentColor" fillRule="evenodd" />
    </svg>
  )
}
