// Penny Pinchers: a roommate stands over the rent jar with ten coins. Each Drop spends a coin and,
// with a 70% chance, lands it in the jar for 15 towards the 120 rent. The Rng decides the outcome
// the moment the coin leaves the hand; the fall (into the jar, or off the rim and away) is then a
// fixed animation over game time, so the renderer can draw any frame with `coinPosition`.
import type { Rng } from '../rng'
import type { RoommateId } from '../roommates'

export const PENNY_PINCHERS = {
  width: 360,
  height: 540,
  coins: 10,
  goal: 120,
  jarValue: 15,
  hitChance: 0.7,
  /** Our choices: where the coin starts, where the jar is, how it moves (logical px, ms). */
  handY: 168,
  jarX: 180,
  jarRimY: 372,
  jarMouthHalfWidth: 46,
  jarBottomY: 470,
  gravity: 2400,
  /** After a coin lands in the jar it settles briefly before the next drop. */
  settleMs: 180,
} as const

const P = PENNY_PINCHERS

export type Status = 'idle' | 'running' | 'paused' | 'ended'
export type Outcome = 'jar' | 'bounce'

export interface Drop {
  outcome: Outcome
  /** Where it leaves the hand; a bounce starts right over the rim so it visibly clips it. */
  startX: number
  /** -1 bounces off to the left, 1 to the right. */
  side: -1 | 1
  ageMs: number
}

export interface PennyState {
  status: Status
  roommate: RoommateId | null
  coins: number
  score: number
  drop: Drop | null
  /** Coins that made it, for the renderer to stack in the jar. */
  coinsInJar: number
  result: 'win' | 'lose' | null
}

export type Action =
  | { type: 'select'; roommate: RoommateId }
  | { type: 'start' }
  | { type: 'drop' }
  | { type: 'tick'; dtMs: number }
  | { type: 'togglePause' }
  | { type: 'reset' }

export type PennyEvent =
  | { type: 'select'; roommate: RoommateId }
  | { type: 'start' }
  | { type: 'drop'; coinsLeft: number }
  | { type: 'clink'; score: number }
  | { type: 'bounce' }
  | { type: 'win'; score: number }
  | { type: 'confetti'; count: number }
  | { type: 'lose'; score: number }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'reset' }

export interface Result {
  state: PennyState
  events: PennyEvent[]
}

export function createPennyPinchers(): PennyState {
  return {
    status: 'idle',
    roommate: null,
    coins: P.coins,
    score: 0,
    drop: null,
    coinsInJar: 0,
    result: null,
  }
}

export function canStart(state: PennyState): boolean {
  return state.status === 'idle' && state.roommate !== null
}

export function canDrop(state: PennyState): boolean {
  return state.status === 'running' && state.drop === null && state.coins > 0
}

export function statusText(state: PennyState): string | null {
  switch (state.status) {
    case 'idle':
      return state.roommate ? 'Press Start' : 'Pick a roommate'
    case 'paused':
      return 'PAUSED'
    case 'running':
      return null
    case 'ended':
      return state.result === 'win' ? 'RENT PAID!' : 'Out of coins. Rent Not Paid'
  }
}

// Fall times from the hand, from y = handY with no initial speed: ½·g·t² = distance.
const fallMs = (distance: number) => Math.sqrt((2 * distance) / P.gravity) * 1000
const JAR_LAND_MS = fallMs(P.jarBottomY - P.handY)
const RIM_HIT_MS = fallMs(P.jarRimY - P.handY)
const BOUNCE_VX = 170
const BOUNCE_VY = -520

/** When the coin meets the jar bottom or the rim: the moment of the clink or the bonk. */
export function contactMs(outcome: Outcome): number {
  return outcome === 'jar' ? JAR_LAND_MS : RIM_HIT_MS
}

/** How long a drop animates before it is settled: landed and settled, or bounced off screen. */
export function dropDurationMs(outcome: Outcome): number {
  if (outcome === 'jar') return Math.ceil(JAR_LAND_MS + P.settleMs)
  // After the rim: y(t) = rim + vy·t + ½·g·t², solved for the bottom edge of the canvas.
  const d = P.height + 20 - P.jarRimY
  const t = (-BOUNCE_VY + Math.sqrt(BOUNCE_VY * BOUNCE_VY + 2 * P.gravity * d)) / P.gravity
  return Math.ceil(RIM_HIT_MS + t * 1000)
}

/** The coin's position and spin at its current age: the animation is a function of state. */
export function coinPosition(drop: Drop): { x: number; y: number; angle: number } {
  const ms = drop.ageMs
  if (drop.outcome === 'jar') {
    const t = Math.min(ms, JAR_LAND_MS) / 1000
    return { x: drop.startX, y: P.handY + 0.5 * P.gravity * t * t, angle: t * 9 }
  }
  if (ms <= RIM_HIT_MS) {
    const t = ms / 1000
    return { x: drop.startX, y: P.handY + 0.5 * P.gravity * t * t, angle: t * 9 }
  }
  const t = (ms - RIM_HIT_MS) / 1000
  return {
    x: drop.startX + drop.side * BOUNCE_VX * t,
    y: P.jarRimY + BOUNCE_VY * t + 0.5 * P.gravity * t * t,
    angle: RIM_HIT_MS / 111 + drop.side * t * 14,
  }
}

export function update(state: PennyState, action: Action, rng: Rng): Result {
  switch (action.type) {
    case 'select':
      if (state.status !== 'idle') return { state, events: [] }
      return {
        state: { ...state, roommate: action.roommate },
        events: [{ type: 'select', roommate: action.roommate }],
      }
    case 'start':
      if (!canStart(state)) return { state, events: [] }
      return {
        state: { ...createPennyPinchers(), roommate: state.roommate, status: 'running' },
        events: [{ type: 'start' }],
      }
    case 'drop': {
      if (!canDrop(state)) return { state, events: [] }
      const outcome: Outcome = rng.chance(P.hitChance) ? 'jar' : 'bounce'
      const side: -1 | 1 = rng.chance(0.5) ? -1 : 1
      const startX =
        outcome === 'jar'
          ? P.jarX + rng.range(-P.jarMouthHalfWidth * 0.5, P.jarMouthHalfWidth * 0.5)
          : P.jarX + side * (P.jarMouthHalfWidth + 4)
      const coins = state.coins - 1
      return {
        state: { ...state, coins, drop: { outcome, startX, side, ageMs: 0 } },
        events: [{ type: 'drop', coinsLeft: coins }],
      }
    }
    case 'togglePause':
      if (state.status === 'running') {
        return { state: { ...state, status: 'paused' }, events: [{ type: 'pause' }] }
      }
      if (state.status === 'paused') {
        return { state: { ...state, status: 'running' }, events: [{ type: 'resume' }] }
      }
      return { state, events: [] }
    case 'reset':
      return { state: createPennyPinchers(), events: [{ type: 'reset' }] }
    case 'tick':
      return tick(state, action.dtMs)
  }
}

/** Shorthand for the per-frame call. */
export function step(state: PennyState, dtMs: number, rng: Rng): Result {
  return update(state, { type: 'tick', dtMs }, rng)
}

function tick(state: PennyState, dtMs: number): Result {
  if (state.status !== 'running' || !state.drop || !(dtMs > 0)) return { state, events: [] }
  const drop = { ...state.drop, ageMs: state.drop.ageMs + dtMs }
  const events: PennyEvent[] = []
  // The sound cues fire when the coin meets the jar or the rim, not when it finishes moving.
  const contact = contactMs(drop.outcome)
  let next: PennyState = { ...state, drop }
  if (state.drop.ageMs < contact && drop.ageMs >= contact) {
    if (drop.outcome === 'jar') {
      next = { ...next, score: state.score + P.jarValue, coinsInJar: state.coinsInJar + 1 }
      events.push({ type: 'clink', score: next.score })
    } else {
      events.push({ type: 'bounce' })
    }
  }
  if (drop.ageMs < dropDurationMs(drop.outcome)) return { state: next, events }

  next = { ...next, drop: null }
  if (next.score >= P.goal) {
    events.push({ type: 'win', score: next.score }, { type: 'confetti', count: 30 })
    return { state: { ...next, status: 'ended', result: 'win' }, events }
  }
  if (next.coins === 0) {
    events.push({ type: 'lose', score: next.score })
    return { state: { ...next, status: 'ended', result: 'lose' }, events }
  }
  return { state: next, events }
}
