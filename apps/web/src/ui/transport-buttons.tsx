// Previous, play/pause and next: the transport row the soundtrack players and the radio bar share.
// `block` is the BEM block of the player's stylesheet (player, radio-bar): the buttons get
// `<block>__button` (and `--play`), the icons `iconClassName`.
import { MediaIcon } from './media-icon'

type TransportButtonsProps = {
  block: string
  iconClassName: string
  playing: boolean
  onPrevious: () => void
  onTogglePlay: () => void
  onNext: () => void
}

export function TransportButtons({
  block,
  iconClassName,
  playing,
  onPrevious,
  onTogglePlay,
  onNext,
}: TransportButtonsProps) {
  return (
    <>
      <button
        type="button"
        className={`${block}__button`}
        aria-label="Previous track"
        onClick={onPrevious}
      >
        <MediaIcon name="previous" className={iconClassName} />
      </button>
      <button
        type="button"
        className={`${block}__button ${block}__button--play`}
        aria-label={playing ? 'Pause' : 'Play'}
        onClick={onTogglePlay}
      >
        <MediaIcon name={playing ? 'pause' : 'play'} className={iconClassName} />
      </button>
      <button type="button" className={`${block}__button`} aria-label="Next track" onClick={onNext}>
        <MediaIcon name="next" className={iconClassName} />
      </button>
    </>
  )
}
