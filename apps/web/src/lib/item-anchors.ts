// The ids that let a link land on one item of a page: a merch card, a news memo, a cast card, a
// soundtrack track. The pages put them on the item; the site search links to them
// (`/shop#merch-past-due-hoodie`), and lib/use-scroll-to-top.ts scrolls the item into view and
// marks it. A prefix per kind keeps them apart from every other id on the page.

/** Lower case, accents and punctuation out, words joined by hyphens: 'Rent Day.wav' → 'rent-day-wav'. */
function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

export function merchAnchor(id: string): string {
  return `merch-${id}`
}

export function newsAnchor(id: number): string {
  return `news-${id}`
}

export function castAnchor(id: string): string {
  return `cast-member-${id}`
}

/** A track of a soundtrack volume, by its bucket and object name. */
export function trackAnchor(bucket: string, name: string): string {
  return `track-${slug(bucket)}-${slug(name)}`
}
