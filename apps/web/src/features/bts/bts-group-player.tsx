// One episode's behind-the-scenes group: the site's video player and a playlist
// (docs/product/pages.md#behind-the-scenes). Choosing a playlist item switches the video and plays
// it (the visitor asked for it); nothing plays by itself on load. An empty group says 'No videos
// available'.
import { useId, useState } from 'react'
import { VideoPlayer } from '../../ui/video-player'
import { btsCaptionsUrl } from './bts-captions'
import { thumbnailSrc, type BtsGroup } from './bts-groups'
import { rewindOnFirstPlay } from './rewind-on-first-play'

export const NO_VIDEOS = 'No videos available'

export function BtsGroupPlayer({ group }: { group: BtsGroup }) {
  const id = useId()
  return (
    <section className="bts-group" aria-labelledby={`${id}-title`}>
      <span className="bts-group__pin" aria-hidden="true" />
      <h2 id={`${id}-title`} className="bts-group__title">
        {group.title}
      </h2>
      {group.videos.length === 0 ? (
        <p className="bts-group__empty">{NO_VIDEOS}</p>
      ) : (
        <BtsPlaylistPlayer group={group} />
      )}
    </section>
  )
}

function BtsPlaylistPlayer({ group }: { group: BtsGroup }) {
  const [index, setIndex] = useState(0)
  const [chosen, setChosen] = useState(false)
  const current = group.videos[Math.min(index, group.videos.length - 1)]!

  return (
    <div className="bts-group__player">
      <figure className="bts-group__stage">
        {/* Media events do not bubble, but React hands their capture phase to ancestors. */}
        <div className="bts-group__screen" onPlayCapture={rewindOnFirstPlay}>
          <VideoPlayer
            key={current.url}
            // A clip the visitor chose plays at once from its start: no still frame to show first
            // (and none to rewind from while it already plays).
            src={chosen ? current.url : thumbnailSrc(current.url)}
            resumeKey={current.url}
            title={`${current.title}, episode ${group.episode} behind the scenes`}
            captions={btsCaptionsUrl(current)}
            autoPlay={chosen}
          />
        </div>
        <figcaption className="bts-group__caption">
          <span className="bts-group__now">Now showing</span> {current.title}
        </figcaption>
      </figure>
      <ol className="bts-playlist" aria-label={`Episode ${group.episode} playlist`}>
        {group.videos.map((item, i) => (
          <li key={item.name}>
            <button
              type="button"
              className="bts-playlist__item"
              aria-current={i === index ? 'true' : undefined}
              onClick={() => {
                setIndex(i)
                setChosen(true)
              }}
            >
              <span className="bts-playlist__number" aria-hidden="true">
                {i + 1}
              </span>
              <span className="bts-playlist__title">{item.title}</span>
            </button>
          </li>
        ))}
      </ol>
    </div>
  )
}
