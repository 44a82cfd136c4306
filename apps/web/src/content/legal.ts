// The footer's legal notices: what the footer and each dialog's heading show. Their text is in
// legal-text.ts, loaded with the dialog (app/legal-dialog.tsx). Plain language on purpose: a fan
// site should say exactly what it keeps and why. Update `updated` whenever the words change.

/** A notice with text of its own (legal-text.ts); Contact is a form (features/contact). */
export type LegalTextId = 'privacy' | 'terms' | 'copyright' | 'disclaimer'

export type LegalDoc = {
  /** The footer button's label. */
  label: string
  title: string
  /** Last-updated date shown under the title (Privacy and Terms). */
  updated?: string
  summary: string
} & ({ id: 'contact' } | { id: LegalTextId })

export const legalDocs: readonly LegalDoc[] = [
  {
    id: 'privacy',
    label: 'Privacy',
    title: 'Privacy Policy',
    updated: 'November 1, 2025',
    summary: 'What this fan site stores about you, why, and how to have it deleted.',
  },
  {
    id: 'terms',
    label: 'Terms',
    title: 'Terms of Use',
    updated: 'November 1, 2025',
    summary: 'The house rules for using this fan site.',
  },
  {
    id: 'contact',
    label: 'Contact',
    title: 'Contact Us',
    summary: 'Questions, corrections, deletion requests or fan mail for the team.',
  },
  {
    id: 'copyright',
    label: 'Copyright',
    title: 'Copyright',
    summary: 'Who owns what on this site.',
  },
  {
    id: 'disclaimer',
    label: 'Series Disclaimer',
    title: 'Series Disclaimer',
    summary: 'Rent Due is for mature audiences: 17+, Rated MA.',
  },
]
