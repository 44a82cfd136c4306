// Scripted Bill Collector players for the rules' tests (docs/decisions/341): a perfect one that
// sees everything at once and aims exactly, and a good human-like one with a human's limits. Each
// is a function from the state to the next step's input, like the page's own input.
import { createRng } from '../rng'
import {
  BILL_COLLECTOR as C,
  ROUND_SPAWNS,
  type BillCollectorState,
  type Input,
  type Item,
} from './rules'

export type Player = (state: BillCollectorState) => Input

/** What a good human player cannot do: see at once, decide every frame, aim exactly. */
export const GOOD_PLAYER = {
  /** Visual reaction time: the player acts on the playfield as it was this long ago. */
  reactionMs: 250,
  /** A new decision (which dollar, which way to dodge) this often; the pointer holds between. */
  decideEveryMs: 200,
  /** Standard deviation of where the pointer lands around the intended spot, logical px. */
  aimErrorPx: 12,
  /** How far above the catch line a bill counts as a threat: more than the perfect player's
   * margin, since this player knows it sees late. */
  billLookaheadPx: 150,
} as const

/** The perfect player sidesteps a bill this far above the catch line. */
const PERFECT_LOOKAHEAD_PX = 90

/**
 * Where to stand, judged from `items`: under the dollar that lands soonest among those the
 * roommate can still reach, unless a bill within `lookaheadPx` of landing is in the way there (or
 * where the roommate stands); then the nearest spot clear of such bills.
 */
function chooseSpot(s: BillCollectorState, items: readonly Item[], lookaheadPx: number): number {
  const reach = C.itemRadius + C.playerRadius
  const fall = (ROUND_SPAWNS[s.round - 1] as (typeof ROUND_SPAWNS)[number]).fallSpeed
  let target = s.playerX
  let soonest = Infinity
  for (const it of items) {
    const dy = C.playerY - reach / 2 - it.y
    if (it.kind !== 'dollar' || dy < 0) continue
    const arrives = dy / fall
    const travel = Math.max(0, Math.abs(it.x - s.playerX) - reach * 0.6) / C.playerSpeed
    if (travel <= arrives && arrives < soonest) {
      soonest = arrives
      target = it.x
    }
  }
  const danger = (x: number) =>
    items.some(
      (it) =>
        it.kind === 'bill' &&
        it.y > C.playerY - reach - lookaheadPx &&
        it.y < C.playerY + reach &&
        Math.abs(it.x - x) < reach + 6,
    )
  if (!danger(target) && !danger(s.playerX)) return target
  let safe = s.playerX
  let cost = Infinity
  for (let x = C.playerRadius; x <= C.width - C.playerRadius; x += 4) {
    const c = Math.abs(x - target) + Math.abs(x - s.playerX) / 2
    if (!danger(x) && c < cost) {
      cost = c
      safe = x
    }
  }
  return safe
}

/** Sees every item as it is, decides every step and puts the pointer exactly where it means to. */
export const perfectPlayer: Player = (s) => ({
  left: false,
  right: false,
  pointerX: s.phase === 'play' ? chooseSpot(s, s.items, PERFECT_LOOKAHEAD_PX) : s.playerX,
})

/**
 * The same judgement as the perfect player with GOOD_PLAYER's limits: a stale view, decisions at
 * a human pace and a shaky aim. `seed` drives only the aim, so the game's own Rng is untouched.
 * One player per game: it remembers what it saw.
 */
export function goodPlayer(seed: number, limits = GOOD_PLAYER): Player {
  const aimRng = createRng(seed ^ 0x5eed)
  const seen: { atMs: number; items: Item[] }[] = []
  let decideAtMs = 0
  let pointerX: number | undefined
  // Box–Muller: a normally distributed aim error from two uniform draws.
  const shake = () =>
    Math.sqrt(-2 * Math.log(1 - aimRng.next())) * Math.cos(2 * Math.PI * aimRng.next())
  return (s) => {
    seen.push({ atMs: s.clockMs, items: s.items })
    while (
      seen.length > 1 &&
      (seen[1] as (typeof seen)[number]).atMs <= s.clockMs - limits.reactionMs
    ) {
      seen.shift()
    }
    if (s.phase !== 'play') decideAtMs = s.clockMs
    else if (s.clockMs >= decideAtMs) {
      decideAtMs = s.clockMs + limits.decideEveryMs
      const view = (seen[0] as (typeof seen)[number]).items
      pointerX = chooseSpot(s, view, limits.billLookaheadPx) + shake() * limits.aimErrorPx
    }
    return { left: false, right: false, pointerX }
  }
}
