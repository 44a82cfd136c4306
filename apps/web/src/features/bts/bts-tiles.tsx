// The clips of Home's behind-the-scenes grid as polaroids. A tile shows the clip's title card
// (preload="metadata", thumbnailSrc) once the page is live (in the server's HTML the stills would
// hold up the page's load event while three videos' metadata arrive); its Play button swaps in
// the site's player, playing.
// No clips: 'Loading behind the scenes content...' (docs/product/pages.md#home).
import { useEffect, useRef, useState } from 'react'
import { useHydrated } from '../../lib/use-hydrated'
import { LoadingState } from '../../ui/loading-state'
import { VideoPlayer } from '../../ui/video-player'
import { btsCaptionsUrl } from './bts-captions'
import { thumbnailSrc, type BtsVideo } from './bts-groups'
import { rewindOnFirstPlay } from './rewind-on-first-play'
import './bts.css'

export const BTS_LOADING = 'Loading behind the scenes content...'

export function BtsTiles({ videos }: { videos: readonly BtsVideo[] }) {
  if (videos.length === 0) return <LoadingState label={BTS_LOADING} />
  return (
    <ul className="bts-grid">
      {videos.map((video) => (
        <li key={video.name} className="bts-grid__item">
          <BtsTile video={video} />
        </li>
      ))}
    </ul>
  )
}

function BtsTile({ video }: { video: BtsVideo }) {
  const [playing, setPlaying] = useState(false)
  const frame = useRef<HTMLDivElement>(null)
  const live = useHydrated()

  useEffect(() => {
    // The Play button is gone: keep the keyboard where the visitor is, on the player.
    if (playing) frame.current?.querySelector('video')?.focus()
  }, [playing])

  return (
    <figure className="bts-tile">
      {/* Media events do not bubble, but React hands their capture phase to ancestors. */}
      <div ref={frame} className="bts-tile__frame" onPlayCapture={rewindOnFirstPlay}>
        {playing ? (
          <VideoPlayer
            src={thumbnailSrc(video.url)}
            resumeKey={video.url}
            title={`${video.title}, episode ${video.episode} behind the scenes`}
            captions={btsCaptionsUrl(video)}
            autoPlay
          />
        ) : (
          <>
            {/* The still: never played, so muted and hidden; the button below is the control. */}
            {live && (
              <video
                className="bts-tile__video"
                src={thumbnailSrc(video.url)}
                preload="metadata"
                playsInline
                muted
                tabIndex={-1}
                aria-hidden="true"
              />
            )}
            <button
              type="button"
              className="bts-tile__play"
              aria-label={`Play ${video.title} (episode ${video.episode})`}
              onClick={() => setPlaying(true)}
            >
              <span className="bts-tile__icon" aria-hidden="true" />
            </button>
          </>
        )}
      </div>
      <figcaption className="bts-tile__caption">
        <span className="bts-tile__episode">Ep {video.episode}</span> {video.title}
      </figcaption>
    </figure>
  )
}
