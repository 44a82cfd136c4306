// What an episode's video is (migration 0021), in the words the site shows: a fan sees at once
// whether a card plays the full episode or something shorter standing in for it.
import type { Episode } from './api/fetch-episodes'

export type VideoKind = 'full' | 'preview' | 'behind_the_scenes'

const LABELS: Record<VideoKind, { tag: string; note: string | null }> = {
  full: { tag: 'Full episode', note: null },
  preview: { tag: 'Preview', note: 'A short preview, not the full episode.' },
  behind_the_scenes: {
    tag: 'Behind-the-scenes clip',
    note: 'A behind-the-scenes clip from the making of this episode, not the episode itself.',
  },
}

/** Rows written before the column existed, or by an older client, count as previews. */
export function videoKindOf(episode: Pick<Episode, 'video_kind'>): VideoKind {
  return episode.video_kind && episode.video_kind in LABELS ? episode.video_kind : 'preview'
}

export function videoKindTag(episode: Pick<Episode, 'video_kind'>): string {
  return LABELS[videoKindOf(episode)].tag
}

export function videoKindNote(episode: Pick<Episode, 'video_kind'>): string | null {
  return LABELS[videoKindOf(episode)].note
}
