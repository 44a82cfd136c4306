// The progress bar of the site's one audio player (lib/audio-engine.ts): elapsed time, a slider
// that seeks (drag it, tap anywhere on it, or use the keys: arrows 5 s, Page Up/Down 30 s, Home,
// End) and the time remaining. A screen reader hears the slider as "1:05 of 3:20". It is disabled
// while its player has nothing loaded (before the first play, or another player has the audio).
import { useId, type KeyboardEvent } from 'react'
import { seek, usePlaybackProgress } from '../lib/audio-engine'
import { formatTime } from '../lib/format-time'
import './seek-bar.css'

const KEY_STEPS: Partial<Record<string, number>> = {
  ArrowLeft: -5,
  ArrowDown: -5,
  ArrowRight: 5,
  ArrowUp: 5,
  PageDown: -30,
  PageUp: 30,
}

type SeekBarProps = {
  /** The slider's accessible name. */
  label: string
  /** This player's track is the one in the audio element. */
  active: boolean
  className?: string
}

export function SeekBar({ label, active, className }: SeekBarProps) {
  const id = useId()
  const progress = usePlaybackProgress()
  const duration = active ? progress.duration : 0
  const time = active ? Math.min(progress.time, duration) : 0
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const by = KEY_STEPS[event.key]
    if (by === undefined) return
    event.preventDefault()
    seek(time + by)
  }
  return (
    <div className={`seek-bar${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className="seek-bar__label visually-hidden">
        {label}
      </label>
      <span className="seek-bar__time" aria-hidden="true">
        {formatTime(time)}
      </span>
      <input
        id={id}
        className="seek-bar__slider"
        type="range"
        min={0}
        max={duration}
        step="any"
        value={time}
        disabled={duration === 0}
        aria-valuetext={`${formatTime(time)} of ${formatTime(duration)}`}
        onChange={(event) => seek(Number(event.target.value))}
        onKeyDown={onKeyDown}
      />
      <span className="seek-bar__time seek-bar__time--left" aria-hidden="true">
        −{formatTime(duration - time)}
      </span>
    </div>
  )
}
