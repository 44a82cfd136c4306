// Writes the limits an operator sets in the environment into the database, where they are
// enforced for every server process (migration 0008). Runs with the admin pool after migrations.
import type { Pool } from 'pg'

export interface LimitSettings {
  /** RATE_LIMIT_PER_MINUTE: rows per address per minute into each public sign-up table. */
  rateLimitPerMinute: number
}

export async function applyLimitSettings(adminPool: Pool, s: LimitSettings): Promise<void> {
  await adminPool.query('select api_limits.set_insert_limit($1)', [s.rateLimitPerMinute])
}
