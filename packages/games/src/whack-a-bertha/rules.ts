// Whack-a-Bertha: eight doors of the walk-up (2 rows × 4), 30 seconds, Bertha pops out of them
// exactly 11 times; whack her for 10 points and reach 100 to win. Roommates peek out too: whacking
// one of them is a strike, and three strikes end the game. Clicking an empty door costs nothing.
// The whole pop schedule is drawn from the seeded Rng when the game starts, which is what makes
// "exactly 11 appearances, never more than 2 at once" a guarantee rather than a hope.
// Design: docs/decisions/060.
import type { Rng } from '../rng'

export const WHACK_A_BERTHA = {
  width: 360,
  height: 480,
  rows: 2,
  columns: 4,
  doors: 8,
  durationMs: 30_000,
  goal: 100,
  pointsPerHit: 10,
  berthaAppearances: 11,
  maxStrikes: 3,
  popMinMs: 700,
  popMaxMs: 1200,
  maxPopsAtOnce: 2,
  /** Our choices (decision 060). */
  decoyAppearances: 11,
  firstPopMs: 1000,
  lastPopEndsByMs: 29_500,
  /** Starts at least this far apart: with pops ≤ 1200 ms, a pop is gone before the next-but-one. */
  minGapMs: 600,
  /** How long a whacked head stays in the door, dizzy, before it ducks (not hittable). */
  whackedShowMs: 350,
  confettiCount: 30,
} as const

const W = WHACK_A_BERTHA

export type Status = 'idle' | 'running' | 'paused' | 'ended'
export type PopKind = 'bertha' | 'decoy'
export type EndReason = 'goal' | 'time' | 'strikes'

export interface Pop {
  id: number
  kind: PopKind
  door: number
  startMs: number
  durationMs: number
  /** When it was whacked (game time), or null. */
  whackedAtMs: number | null
}

export interface DoorRect {
  x: number
  y: number
  w: number
  h: number
}

/** Door rectangles in logical units: hit areas for the page, frames for the renderer. */
export const DOOR_RECTS: readonly DoorRect[] = Array.from({ length: W.doors }, (_, i) => {
  const col = i % W.columns
  const row = Math.floor(i / W.columns)
  const w = 66
  const gap = 18
  const left = (W.width - (W.columns * w + (W.columns - 1) * gap)) / 2
  return { x: left + col * (w + gap), y: 130 + row * 170, w, h: 118 }
})

/** Which door a logical point falls on, or null. */
export function doorAt(x: number, y: number): number | null {
  const i = DOOR_RECTS.findIndex((d) => x >= d.x && x < d.x + d.w && y >= d.y && y < d.y + d.h)
  return i === -1 ? null : i
}

export interface WhackState {
  status: Status
  /** Game time since Start; stops while paused. */
  elapsedMs: number
  score: number
  strikes: number
  schedule: Pop[]
  result: 'win' | 'lose' | null
  endReason: EndReason | null
  /** For the renderer: the last strike (shake) and the last whack (stars). */
  lastStrikeAtMs: number | null
  lastMiss: { door: number; atMs: number } | null
}

export type Action =
  | { type: 'start' }
  | { type: 'hit'; door: number }
  | { type: 'tick'; dtMs: number }
  | { type: 'togglePause' }
  | { type: 'reset' }

export type WhackEvent =
  | { type: 'start' }
  | { type: 'pop'; kind: PopKind; door: number; id: number }
  | { type: 'hit'; door: number; score: number }
  | { type: 'strike'; door: number; strikes: number }
  | { type: 'miss'; door: number }
  | { type: 'escape'; door: number; id: number }
  | { type: 'win'; score: number }
  | { type: 'confetti'; count: number }
  | { type: 'lose'; score: number; reason: EndReason }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'reset' }

export interface Result {
  state: WhackState
  events: WhackEvent[]
}

export function createWhackABertha(): WhackState {
  return {
    status: 'idle',
    elapsedMs: 0,
    score: 0,
    strikes: 0,
    schedule: [],
    result: null,
    endReason: null,
    lastStrikeAtMs: null,
    lastMiss: null,
  }
}

export function timeLeftMs(state: WhackState): number {
  return Math.max(0, W.durationMs - state.elapsedMs)
}

/** Pops in their doors at game time t (whacked ones count until they duck). */
export function visiblePops(state: WhackState, t = state.elapsedMs): Pop[] {
  return state.schedule.filter((p) => t >= p.startMs && t < popEndMs(p))
}

/** The moment a pop leaves its door: its planned end, or shortly after being whacked. */
export function popEndMs(pop: Pop): number {
  const planned = pop.startMs + pop.durationMs
  return pop.whackedAtMs === null ? planned : Math.min(planned, pop.whackedAtMs + W.whackedShowMs)
}

export function statusText(state: WhackState): string | null {
  switch (state.status) {
    case 'idle':
      return 'Click to start'
    case 'paused':
      return 'PAUSED'
    case 'running':
      return null
    case 'ended':
      if (state.result === 'win') return 'YOU WIN! Bertha got the message.'
      return state.endReason === 'strikes'
        ? 'THREE STRIKES! Leave the roommates alone.'
        : "TIME'S UP!"
  }
}

/**
 * Draws the 30-second programme: 11 Berthas and the decoys in a shuffled order (Bertha first, so
 * the target is clear), each 700–1200 ms, starts ≥ 600 ms apart and speeding up, each in a door
 * different from the two before it.
 */
export function makeSchedule(rng: Rng): Pop[] {
  const n = W.berthaAppearances + W.decoyAppearances
  const rest: PopKind[] = [
    ...Array<PopKind>(W.berthaAppearances - 1).fill('bertha'),
    ...Array<PopKind>(W.decoyAppearances).fill('decoy'),
  ]
  const kinds: PopKind[] = ['bertha', ...rng.shuffle(rest)]
  const durations = kinds.map(() => rng.int(W.popMinMs, W.popMaxMs))
  const lastDuration = durations[n - 1] as number
  const spare = W.lastPopEndsByMs - W.firstPopMs - lastDuration - (n - 1) * W.minGapMs
  // Widely spread random weights (so some pops overlap) on a ramp from 1.4 down to 0.6: the
  // doors get busier towards the end.
  const weights = Array.from(
    { length: n - 1 },
    (_, j) => rng.range(0.1, 1.9) * (1.4 - (0.8 * j) / (n - 2)),
  )
  const total = weights.reduce((a, b) => a + b, 0)
  const pops: Pop[] = []
  let start = W.firstPopMs
  let spent = 0
  for (let i = 0; i < n; i++) {
    if (i > 0) {
      // Whole milliseconds, rounded down on the running total so the last pop never overruns.
      const target = Math.floor((spare * cumulative(weights, i)) / total)
      start += W.minGapMs + (target - spent)
      spent = target
    }
    const recent = pops.slice(-2).map((p) => p.door)
    const door = rng.pick(
      Array.from({ length: W.doors }, (_, d) => d).filter((d) => !recent.includes(d)),
    )
    pops.push({
      id: i + 1,
      kind: kinds[i] as PopKind,
      door,
      startMs: start,
      durationMs: durations[i] as number,
      whackedAtMs: null,
    })
  }
  return pops
}

function cumulative(weights: readonly number[], count: number): number {
  let sum = 0
  for (let i = 0; i < count; i++) sum += weights[i] as number
  return sum
}

export function update(state: WhackState, action: Action, rng: Rng): Result {
  switch (action.type) {
    case 'start':
      return start(state, rng)
    case 'hit':
      // Clicking the canvas while idle starts the game; that click is not a whack.
      if (state.status === 'idle') return start(state, rng)
      return hit(state, action.door)
    case 'togglePause':
      if (state.status === 'running') {
        return { state: { ...state, status: 'paused' }, events: [{ type: 'pause' }] }
      }
      if (state.status === 'paused') {
        return { state: { ...state, status: 'running' }, events: [{ type: 'resume' }] }
      }
      return { state, events: [] }
    case 'reset':
      return { state: createWhackABertha(), events: [{ type: 'reset' }] }
    case 'tick':
      return tick(state, action.dtMs)
  }
}

/** Shorthand for the per-frame call. */
export function step(state: WhackState, dtMs: number, rng: Rng): Result {
  return update(state, { type: 'tick', dtMs }, rng)
}

function start(state: WhackState, rng: Rng): Result {
  if (state.status !== 'idle') return { state, events: [] }
  return {
    state: { ...createWhackABertha(), status: 'running', schedule: makeSchedule(rng) },
    events: [{ type: 'start' }],
  }
}

function hit(state: WhackState, door: number): Result {
  if (state.status !== 'running') return { state, events: [] }
  if (!Number.isInteger(door) || door < 0 || door >= W.doors) return { state, events: [] }
  const t = state.elapsedMs
  const target = state.schedule.find(
    (p) => p.door === door && p.whackedAtMs === null && t >= p.startMs && t < popEndMs(p),
  )
  if (!target) {
    return { state: { ...state, lastMiss: { door, atMs: t } }, events: [{ type: 'miss', door }] }
  }
  const schedule = state.schedule.map((p) => (p === target ? { ...p, whackedAtMs: t } : p))
  if (target.kind === 'decoy') {
    const strikes = state.strikes + 1
    const next: WhackState = { ...state, schedule, strikes, lastStrikeAtMs: t }
    const events: WhackEvent[] = [{ type: 'strike', door, strikes }]
    if (strikes >= W.maxStrikes) return end(next, 'strikes', events)
    return { state: next, events }
  }
  const score = state.score + W.pointsPerHit
  const next: WhackState = { ...state, schedule, score }
  const events: WhackEvent[] = [{ type: 'hit', door, score }]
  if (score >= W.goal) return end(next, 'goal', events)
  return { state: next, events }
}

function tick(state: WhackState, dtMs: number): Result {
  if (state.status !== 'running' || !(dtMs > 0)) return { state, events: [] }
  const from = state.elapsedMs
  const to = Math.min(W.durationMs, from + dtMs)
  const events: WhackEvent[] = []
  for (const p of state.schedule) {
    if (p.startMs > from && p.startMs <= to) {
      events.push({ type: 'pop', kind: p.kind, door: p.door, id: p.id })
    }
    const ends = p.startMs + p.durationMs
    if (p.kind === 'bertha' && p.whackedAtMs === null && ends > from && ends <= to) {
      events.push({ type: 'escape', door: p.door, id: p.id })
    }
  }
  const next = { ...state, elapsedMs: to }
  if (to >= W.durationMs) return end(next, 'time', events)
  return { state: next, events }
}

function end(state: WhackState, reason: EndReason, events: WhackEvent[]): Result {
  const won = state.score >= W.goal
  const done: WhackState = {
    ...state,
    status: 'ended',
    result: won ? 'win' : 'lose',
    endReason: reason,
  }
  if (won) {
    events.push({ type: 'win', score: state.score })
    events.push({ type: 'confetti', count: W.confettiCount })
  } else {
    events.push({ type: 'lose', score: state.score, reason })
  }
  return { state: done, events }
}
