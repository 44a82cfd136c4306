// Previous, play/pause and next: the transport row the soundtrack players and the radio bar share.
// `block` is the BEM block of the player's stylesheet (player, radio-bar): the buttons get
// `<block>__button` (and `--play`), the icons `iconClassName`. They act on the site's one audio
// queue (lib/audio-engine.ts).
import { nextTrack, previousTrack, togglePlay, type Queue } from '../lib/audio-engine'
import { MediaIcon } from './media-icon'

type TransportButtonsProps = {
  block: string
  iconClassName: string
  playing: boolean
  queue: Queue
}

export function TransportButtons({ block, iconClassName, playing, queue }: TransportButtonsProps) {
  const buttons = [
    { key: 'previous', label: 'Previous track', icon: 'previous', run: previousTrack },
    {
      key: 'play',
      label: playing ? 'Pause' : 'Play',
      icon: playing ? 'pause' : 'play',
      run: togglePlay,
    },
    { key: 'next', label: 'Next track', icon: 'next', run: nextTrack },
  ] as const
  return (
    <>
      {buttons.map((b) => (
        <button
          key={b.key}
          type="button"
          className={
            b.key === 'play' ? `${block}__button ${block}__button--play` : `${block}__button`
          }
          aria-label={b.label}
          onClick={() => b.run(queue)}
        >
          <MediaIcon name={b.icon} className={iconClassName} />
        </button>
      ))}
    </>
  )
}
