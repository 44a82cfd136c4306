// What "same connection" means for an entry, in words the team can act on. The database only
// knows a short hash of the address an entry came from (never the address), so entries sharing
// it came through one internet connection: a household, an office, a café, a phone network, or
// one person entering under many e-mail addresses. At most 3 per connection count each month.

export type SharedConnection = { ip_group: string | null; shared_ip: number }

export function sharedConnectionText(c: SharedConnection): string {
  if (c.ip_group === null) return 'Not known (entered outside the quiz)'
  if (c.shared_ip <= 1) return 'Only entry from its connection'
  const others = c.shared_ip - 1
  return `Shares a connection with ${others} other ${others === 1 ? 'entry' : 'entries'} (group ${c.ip_group})`
}

export const SHARED_CONNECTION_HELP =
  'Entries that share a connection were sent from the same internet connection this month: a ' +
  'household, an office or a café, or one person entering under several e-mail addresses. At ' +
  'most 3 per connection take part. If you think entries are one person’s, exclude them with a ' +
  'reason; the reason goes into the draw log.'
