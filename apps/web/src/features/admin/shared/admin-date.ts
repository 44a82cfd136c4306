/** A timestamp as the console shows it: '2026-11-22 06:41 UTC' (one zone for the whole team). */
export function formatAdminTime(iso: string | null | undefined): string {
  if (!iso) return ''
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return iso
  return `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`
}
