// The six sign-up tables the inbox shows (migration 0003, quiz_entries in 0004): their columns
// in display order, which ones the search looks in, and the extra filter each one has.
export type InboxTableName =
  | 'fan_club_signups'
  | 'contact_submissions'
  | 'team_applications'
  | 'audience_signups'
  | 'quiz_entries'
  | 'merch_waitlist'

export type InboxColumn = { key: string; label: string }

export type InboxTable = {
  name: InboxTableName
  /** The nav and page label. */
  label: string
  columns: InboxColumn[]
  /** Columns the search box matches (case-insensitive substring). */
  search: string[]
  filter?: 'role' | 'score'
}

const created: InboxColumn = { key: 'created_at', label: 'Received' }
const name: InboxColumn = { key: 'name', label: 'Name' }
const email: InboxColumn = { key: 'email', label: 'Email' }

export const INBOX_TABLES: InboxTable[] = [
  {
    name: 'fan_club_signups',
    label: 'Fan club',
    columns: [created, name, email],
    search: ['name', 'email'],
  },
  {
    name: 'contact_submissions',
    label: 'Contact messages',
    columns: [created, name, email, { key: 'comment', label: 'Message' }],
    search: ['name', 'email'],
  },
  {
    name: 'team_applications',
    label: 'Team applications',
    columns: [
      created,
      name,
      email,
      { key: 'role', label: 'Role' },
      { key: 'instagram', label: 'Instagram' },
      { key: 'comments', label: 'Comments' },
    ],
    search: ['name', 'email'],
    filter: 'role',
  },
  {
    name: 'audience_signups',
    label: 'Q&A signups',
    columns: [created, name, { key: 'username', label: 'Username' }, email],
    search: ['name', 'email'],
  },
  {
    name: 'quiz_entries',
    label: 'Quiz entries',
    columns: [created, name, email, { key: 'score', label: 'Score' }],
    search: ['name', 'email'],
    filter: 'score',
  },
  {
    name: 'merch_waitlist',
    label: 'Merch waitlist',
    columns: [created, email],
    search: ['email'],
  },
]

/** As stored (lower-case, migration 0003's check constraint). */
export const TEAM_ROLES = [
  'voiceover artist',
  'licensing manager',
  'writer',
  'animator',
  'street team',
] as const

export function inboxTable(name: string | undefined): InboxTable | undefined {
  return INBOX_TABLES.find((t) => t.name === name)
}
