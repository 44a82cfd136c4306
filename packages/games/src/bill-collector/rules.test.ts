import { describe, expect, it } from 'vitest'
import { createRng, type Rng } from '../rng'
import { goodPlayer, perfectPlayer, type Player } from './scripted-players'
import {
  BILL_COLLECTOR as C,
  ROUND_SPAWNS,
  canStart,
  createBillCollector,
  statusText,
  step,
  update,
  type BillCollectorEvent,
  type BillCollectorState,
  type Input,
  type Item,
} from './rules'

const STILL: Input = { left: false, right: false }

function started(seed: number, best = 0): { state: BillCollectorState; rng: Rng } {
  const rng = createRng(seed)
  let state = createBillCollector({ best })
  state = update(state, { type: 'select', roommate: 'rosie' }, rng).state
  state = update(state, { type: 'start' }, rng).state
  return { state, rng }
}

/** Steps `ms` in slices of `dt` and stamps each event with the time it happened. */
function run(
  state: BillCollectorState,
  rng: Rng,
  ms: number,
  input: (s: BillCollectorState) => Input = () => STILL,
  dt = 10,
): { state: BillCollectorState; events: { at: number; event: BillCollectorEvent }[] } {
  const events: { at: number; event: BillCollectorEvent }[] = []
  for (let t = 0; t < ms; t += dt) {
    const r = step(state, input(state), dt, rng)
    for (const event of r.events) events.push({ at: t + dt, event })
    state = r.state
  }
  return { state, events }
}

/** Plays until the game ends, in 16 ms frames, with only the final state kept. */
function playOut(state: BillCollectorState, rng: Rng, player: Player): BillCollectorState {
  for (let t = 0; t < 120_000 && state.status === 'running'; t += 16) {
    state = step(state, player(state), 16, rng).state
  }
  return state
}

/** A playing state with one item placed exactly on the roommate's catch line. */
function withItemOnPlayer(state: BillCollectorState, kind: Item['kind']): BillCollectorState {
  const item: Item = { id: 999, kind, x: state.playerX, y: C.playerY - 1, spin: 0 }
  return { ...state, items: [item], spawnInMs: 10_000 }
}

function playing(seed: number): { state: BillCollectorState; rng: Rng } {
  const { state, rng } = started(seed)
  return { state: run(state, rng, C.roundMessageMs).state, rng }
}

describe('Bill Collector: character select', () => {
  it('enables Start only after a roommate is chosen', () => {
    const rng = createRng(1)
    const idle = createBillCollector()
    expect(canStart(idle)).toBe(false)
    expect(statusText(idle)).toBe('Pick a roommate')
    expect(update(idle, { type: 'start' }, rng).state).toBe(idle)

    const chosen = update(idle, { type: 'select', roommate: 'tubbs' }, rng)
    expect(chosen.events).toEqual([{ type: 'select', roommate: 'tubbs' }])
    expect(canStart(chosen.state)).toBe(true)
    const begun = update(chosen.state, { type: 'start' }, rng)
    expect(begun.state.status).toBe('running')
    expect(begun.state.round).toBe(1)
    expect(begun.events).toEqual([{ type: 'roundMessage', round: 1, text: 'Round 1: 30 seconds' }])
  })
})

describe('Bill Collector: rounds and timing', () => {
  it('shows the round message for 1.2 s, then plays rounds of 30, 25, 20, 15 and 10 s', () => {
    const { state, rng } = started(7)
    expect(state.phase).toBe('message')
    expect(statusText(state)).toBe('Round 1: 30 seconds')

    const almost = run(state, rng, 1190).state
    expect(almost.phase).toBe('message')
    expect(almost.items).toEqual([])
    expect(almost.timeLeftMs).toBe(30_000)

    // Standing still never reaches the goal, so the whole game runs out the clock.
    const { state: end, events } = run(state, rng, 200_000)
    const timeline = events
      .filter((e) => ['roundMessage', 'roundStart', 'roundEnd', 'lose'].includes(e.event.type))
      .map((e) => `${e.at} ${e.event.type} ${'round' in e.event ? e.event.round : ''}`.trim())
    expect(timeline).toEqual([
      '1200 roundStart 1',
      '31200 roundEnd 1',
      '31200 roundMessage 2',
      '32400 roundStart 2',
      '57400 roundEnd 2',
      '57400 roundMessage 3',
      '58600 roundStart 3',
      '78600 roundEnd 3',
      '78600 roundMessage 4',
      '79800 roundStart 4',
      '94800 roundEnd 4',
      '94800 roundMessage 5',
      '96000 roundStart 5',
      '106000 roundEnd 5',
      '106000 lose',
    ])
    const starts = events.flatMap((e) => (e.event.type === 'roundStart' ? [e.event.seconds] : []))
    expect(starts).toEqual([30, 25, 20, 15, 10])
    expect(end.status).toBe('ended')
    expect(end.result).toBe('lose')
    expect(statusText(end)).toBe('Game Over! Rent Not Paid')
  })

  it('loses at the end of round 5 below the goal with the spec message', () => {
    const { state, rng } = playing(3)
    const last: BillCollectorState = { ...state, round: 5, timeLeftMs: 50, wallet: 1490, items: [] }
    const r = run(last, rng, 50)
    expect(r.state.status).toBe('ended')
    expect(r.state.result).toBe('lose')
    expect(r.events.map((e) => e.event)).toContainEqual({
      type: 'lose',
      wallet: 1490,
      message: 'Game Over! Rent Not Paid',
    })
  })

  it('moves on to the next round when the timer hits 0 below the goal', () => {
    const { state, rng } = playing(3)
    const r = run({ ...state, round: 2, timeLeftMs: 20, wallet: 900 }, rng, 20)
    expect(r.state.status).toBe('running')
    expect(r.state.round).toBe(3)
    expect(r.state.phase).toBe('message')
    expect(r.state.wallet).toBe(900)
    expect(r.state.items).toEqual([])
    expect(r.events.map((e) => e.event.type)).toEqual(['roundEnd', 'roundMessage'])
  })

  it('wins when the round timer reaches 0 with the wallet at the goal', () => {
    const { state, rng } = playing(3)
    // A wallet can only sit at the goal when the timer runs out if it got there on the very
    // last step: the catch and the timer land on the same frame.
    const lastFrame = withItemOnPlayer(
      { ...state, round: 5, timeLeftMs: 10, wallet: 1490 },
      'dollar',
    )
    const r = run(lastFrame, rng, 10)
    expect(r.state.status).toBe('ended')
    expect(r.state.result).toBe('win')
    expect(r.state.wallet).toBe(1500)
    expect(r.state.timeLeftMs).toBe(0)
    expect(r.events.map((e) => e.event)).toEqual([
      { type: 'catch', kind: 'dollar', delta: 10, wallet: 1500 },
      { type: 'roundEnd', round: 5, wallet: 1500 },
      { type: 'win', wallet: 1500, round: 5 },
      { type: 'confetti', count: 40 },
      { type: 'bestScore', best: 1500 },
    ])
    const atZero = run({ ...state, round: 3, timeLeftMs: 10, wallet: 1500, items: [] }, rng, 10)
    expect(atZero.state.result).toBe('win')
    expect(atZero.events.map((e) => e.event.type)).toEqual([
      'roundEnd',
      'win',
      'confetti',
      'bestScore',
    ])
  })
})

describe('Bill Collector: wallet and goal', () => {
  it('adds 10 for a dollar and takes 20 for a bill, never below 0', () => {
    const { state, rng } = playing(5)
    const dollar = step(withItemOnPlayer({ ...state, wallet: 100 }, 'dollar'), STILL, 10, rng)
    expect(dollar.state.wallet).toBe(110)
    expect(dollar.events).toContainEqual({ type: 'catch', kind: 'dollar', delta: 10, wallet: 110 })
    const bill = step(withItemOnPlayer({ ...state, wallet: 100 }, 'bill'), STILL, 10, rng)
    expect(bill.state.wallet).toBe(80)
    const broke = step(withItemOnPlayer({ ...state, wallet: 10 }, 'bill'), STILL, 10, rng)
    expect(broke.state.wallet).toBe(0)
    expect(broke.events).toContainEqual({ type: 'catch', kind: 'bill', delta: -10, wallet: 0 })
  })

  it('wins the moment the wallet reaches 1500, mid-round, with a 40-piece confetti burst', () => {
    const { state, rng } = playing(5)
    const r = step(withItemOnPlayer({ ...state, round: 2, wallet: 1490 }, 'dollar'), STILL, 10, rng)
    expect(r.state.status).toBe('ended')
    expect(r.state.result).toBe('win')
    expect(r.state.timeLeftMs).toBeGreaterThan(20_000)
    expect(r.events).toEqual([
      { type: 'catch', kind: 'dollar', delta: 10, wallet: 1500 },
      { type: 'win', wallet: 1500, round: 2 },
      { type: 'confetti', count: 40 },
      { type: 'bestScore', best: 1500 },
    ])
    expect(r.state.confetti).toHaveLength(40)
    expect(statusText(r.state)).toBe('Rent Paid!')
    // Confetti keeps flying after the end; the game itself stays over.
    const later = step(r.state, STILL, 100, rng).state
    expect(later.status).toBe('ended')
    expect(later.confetti[0]?.y).not.toBe(r.state.confetti[0]?.y)
  })

  it('a perfect player reaches the goal by playing a whole seeded game', () => {
    for (const seed of [11, 12, 13]) {
      const { state, rng } = started(seed)
      const r = run(state, rng, 120_000, perfectPlayer, 16)
      const win = r.events.find((e) => e.event.type === 'win')
      expect(win?.event).toEqual({ type: 'win', wallet: 1500, round: r.state.round })
      expect(r.state.result).toBe('win')
    }
  })

  // A hundred whole games: a few seconds, so this one test may take longer than the default.
  it(
    'a good player (human reaction, pace and aim) makes rent in about one game in three',
    {
      timeout: 30_000,
    },
    () => {
      const games = 100
      let wins = 0
      for (let seed = 1; seed <= games; seed++) {
        const { state, rng } = started(seed)
        if (playOut(state, rng, goodPlayer(seed)).result === 'win') wins++
      }
      // 37 of these 100 seeded games when this was tuned (docs/decisions/341).
      expect(wins / games).toBeGreaterThanOrEqual(0.25)
      expect(wins / games).toBeLessThanOrEqual(0.42)
    },
  )

  it('the spawn table makes the goal reachable for a perfect catcher but not for a statue', () => {
    const reach = C.itemRadius + C.playerRadius
    let perfect = 0
    let statue = 0
    ROUND_SPAWNS.forEach((round, i) => {
      const roundMs = (C.roundSeconds[i] as number) * 1000
      // An item counts only if it reaches the catch line before the timer runs out.
      const travelMs = ((C.playerY - reach + C.itemRadius) / round.fallSpeed) * 1000
      let items = 0
      for (let t = round.intervalMs / 2; t + travelMs < roundMs; t += round.intervalMs) items++
      perfect += items * round.dollarChance * C.dollarValue
      // Standing in the middle, the roommate is hit by items spawning within reach of it.
      const hitShare = (2 * reach) / (C.width - 2 * C.itemRadius)
      const perItem = round.dollarChance * C.dollarValue - (1 - round.dollarChance) * C.billPenalty
      statue += items * hitShare * perItem
    })
    expect(perfect).toBeGreaterThanOrEqual(C.goal * 1.15)
    expect(statue).toBeLessThan(C.goal / 4)
    for (const seed of [21, 22, 23]) {
      const { state, rng } = started(seed)
      const r = run(state, rng, 120_000, () => STILL, 16)
      expect(r.state.result).toBe('lose')
    }
  })
})

describe('Bill Collector: movement', () => {
  it('moves at 520 px/s with the keys and chases the pointer no faster', () => {
    const { state, rng } = playing(9)
    const calm = { ...state, spawnInMs: 100_000 }
    const right = run(calm, rng, 100, () => ({ left: false, right: true })).state
    expect(right.playerX).toBeCloseTo(C.width / 2 + 52, 6)
    const left = run(calm, rng, 100, () => ({ left: true, right: false })).state
    expect(left.playerX).toBeCloseTo(C.width / 2 - 52, 6)
    const pointer = run(calm, rng, 100, () => ({ left: false, right: false, pointerX: 0 })).state
    expect(pointer.playerX).toBeCloseTo(C.width / 2 - 52, 6)
    const wall = run(calm, rng, 2000, () => ({ left: false, right: true })).state
    expect(wall.playerX).toBe(C.width - C.playerRadius)
  })

  it('cuts a long frame into short steps so a falling dollar cannot pass through the player', () => {
    const { state, rng } = playing(9)
    const above: BillCollectorState = {
      ...state,
      spawnInMs: 100_000,
      items: [{ id: 1, kind: 'dollar', x: state.playerX, y: C.playerY - 200, spin: 0 }],
    }
    const r = step(above, STILL, 2000, rng)
    expect(r.state.wallet).toBe(10)
  })
})

describe('Bill Collector: pause, reset, best score, determinism', () => {
  it('pausing freezes the timer, the items and the roommate', () => {
    const { state, rng } = playing(4)
    const mid = run(state, rng, 3000).state
    const paused = update(mid, { type: 'togglePause' }, rng)
    expect(paused.events).toEqual([{ type: 'pause' }])
    expect(statusText(paused.state)).toBe('PAUSED')
    const frozen = run(paused.state, rng, 5000, () => ({ left: true, right: false })).state
    expect(frozen).toEqual(paused.state)
    const resumed = update(frozen, { type: 'togglePause' }, rng)
    expect(resumed.events).toEqual([{ type: 'resume' }])
    const after = run(resumed.state, rng, 1000).state
    expect(after.timeLeftMs).toBe(mid.timeLeftMs - 1000)
  })

  it('reset returns to character select and keeps the best score', () => {
    const { state, rng } = playing(4)
    const won = step(withItemOnPlayer({ ...state, wallet: 1490 }, 'dollar'), STILL, 10, rng).state
    expect(won.best).toBe(1500)
    const r = update(won, { type: 'reset' }, rng)
    expect(r.events).toEqual([{ type: 'reset' }])
    expect(r.state).toEqual(createBillCollector({ best: 1500 }))
    expect(r.state.roommate).toBeNull()
    expect(canStart(r.state)).toBe(false)
  })

  it('only reports a best score that beats the stored one', () => {
    const { state, rng } = started(6, 2000)
    expect(state.best).toBe(2000)
    const end = run(state, rng, 120_000).state
    expect(end.result).toBe('lose')
    expect(end.best).toBe(2000)
  })

  it('replays identically from the same seed and inputs', () => {
    const script = (s: BillCollectorState): Input => ({
      left: Math.floor(s.clockMs / 700) % 3 === 0,
      right: Math.floor(s.clockMs / 700) % 3 === 1,
    })
    const a = started(42)
    const b = started(42)
    const ra = run(a.state, a.rng, 40_000, script, 16)
    const rb = run(b.state, b.rng, 40_000, script, 16)
    expect(ra.state).toEqual(rb.state)
    expect(ra.events).toEqual(rb.events)
    const c = started(43)
    const rc = run(c.state, c.rng, 40_000, script, 16)
    expect(rc.state.items).not.toEqual(ra.state.items)
  })
})
