// Keyboard and clicks to Whack-a-Bertha actions: Space pauses, R resets, a click on the canvas
// whacks the door under it (and starts the game while idle). Points are in logical units.
import { doorAt, type Action, type WhackState } from './rules'

export function keyAction(key: string): Action | null {
  if (key === ' ') return { type: 'togglePause' }
  if (key === 'r' || key === 'R') return { type: 'reset' }
  return null
}

export function clickAction(state: WhackState, x: number, y: number): Action | null {
  if (state.status === 'idle') return { type: 'start' }
  const door = doorAt(x, y)
  return door === null ? null : { type: 'hit', door }
}
