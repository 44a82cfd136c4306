// Times as the console shows them: in the team member's own time zone, with the zone named, e.g.
// 'Nov 22, 2026, 1:41 AM EST'. The database keeps instants; only the display is local.

const TIME = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
})

export function formatAdminTime(iso: string | null | undefined): string {
  if (!iso) return ''
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return iso
  return TIME.format(d)
}

/** The team member's time zone, e.g. 'Europe/Berlin' (what the dashboard counts days in). */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}
