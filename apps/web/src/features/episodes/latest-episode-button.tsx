// 'WATCH NOW!' (docs/product/pages.md#home): opens the latest episode (the highest number) in the
// player dialog. The episodes are fetched when it opens, so the hero costs nothing before it is
// used.
import { useEffect, useState } from 'react'
import { fetchEpisodes, type Episode } from './api/fetch-episodes'
import { EpisodeDialog } from './episode-dialog'

type LatestEpisodeButtonProps = {
  /** Open at once: the visitor clicked the stand-in button while this code was loading. */
  openOnMount?: boolean
}

export function LatestEpisodeButton({ openOnMount = false }: LatestEpisodeButtonProps) {
  const [open, setOpen] = useState(openOnMount)
  const [episode, setEpisode] = useState<Episode | null | undefined>(undefined)

  useEffect(() => {
    if (!open) return
    let current = true
    fetchEpisodes().then(
      (episodes) => {
        if (current) setEpisode(episodes.at(-1) ?? null)
      },
      (error: unknown) => {
        console.error('Loading the latest episode failed', error)
        if (current) setEpisode(null)
      },
    )
    return () => {
      current = false
    }
  }, [open])

  const onOpenChange = (next: boolean) => {
    setOpen(next)
    if (!next) setEpisode(undefined)
  }

  return (
    <EpisodeDialog
      open={open}
      onOpenChange={onOpenChange}
      episode={episode}
      trigger={
        <button type="button" className="btn btn--primary btn--large">
          WATCH NOW!
        </button>
      }
    />
  )
}
