// The episodes side of the episode, share-menu and home tests: the seeded rows read with the
// service role of this run's server (its data directory is E2E_DATA_DIR, as in playwright.config),
// and small helpers for the <video> element.
import { expect, type Locator, type Page } from '@playwright/test'
import type { Episode } from '../../src/features/episodes/api/fetch-episodes'
import { apiClient } from './api-clients'

/** A row of the episodes table, as the site reads it. */
export type EpisodeRow = Episode

/** Every episode row, by episode number, as the site should list them. */
export async function episodeRows(baseURL: string | undefined): Promise<EpisodeRow[]> {
  const client = apiClient(baseURL, 'service')
  const { data, error } = await client
    .from('episodes')
    .select('*')
    .order('episode_number', { ascending: true })
  if (error) throw new Error(`episodes: ${error.message}`)
  return data as EpisodeRow[]
}

/** The storage URL the player must use for a row's '/storage/v1/...' video_url. */
export function storageUrl(baseURL: string | undefined, path: string): string {
  return new URL(path, baseURL).href
}

export function dialogTitle(row: Pick<EpisodeRow, 'episode_number' | 'title'>): string {
  return `EP ${row.episode_number}: ${row.title}`
}

/** Waits until the video plays: not paused and its time moving past `after` seconds. */
export async function expectPlaying(video: Locator, after = 0): Promise<void> {
  await expect
    .poll(
      () =>
        video.evaluate((v: HTMLVideoElement, t: number) => !v.paused && v.currentTime > t, after),
      { timeout: 10_000 },
    )
    .toBe(true)
}

export function currentTime(video: Locator): Promise<number> {
  return video.evaluate((v: HTMLVideoElement) => v.currentTime)
}

export function isPaused(video: Locator): Promise<boolean> {
  return video.evaluate((v: HTMLVideoElement) => v.paused)
}

/** The card button of an episode (its accessible name starts 'Play EP n: '). */
export function cardButton(
  page: Page | Locator,
  row: Pick<EpisodeRow, 'episode_number' | 'title'>,
) {
  return page.getByRole('button', { name: `Play EP ${row.episode_number}: ${row.title}` })
}
