// Keyboard and pointer to Bill Collector input. The page keeps the set of held keys (from
// keydown/keyup, by KeyboardEvent.key) and the last pointer position; this turns them into the
// per-step Input and the one-off actions.
import type { Action, Input } from './rules'

const LEFT = new Set(['ArrowLeft', 'a', 'A'])
const RIGHT = new Set(['ArrowRight', 'd', 'D'])

export function heldInput(held: ReadonlySet<string>, pointerX?: number): Input {
  const input: Input = {
    left: [...held].some((k) => LEFT.has(k)),
    right: [...held].some((k) => RIGHT.has(k)),
  }
  return pointerX === undefined ? input : { ...input, pointerX }
}

/** Space pauses and resumes; other keys are movement (held) or nothing. */
export function keyAction(key: string): Action | null {
  return key === ' ' ? { type: 'togglePause' } : null
}
