import { describe, expect, it } from 'vitest'
import { createRng, type Rng } from '../rng'
import {
  PENNY_PINCHERS as P,
  canDrop,
  canStart,
  coinPosition,
  contactMs,
  createPennyPinchers,
  dropDurationMs,
  statusText,
  step,
  update,
  type Outcome,
  type PennyEvent,
  type PennyState,
} from './rules'

function started(rng: Rng): PennyState {
  let state = createPennyPinchers()
  state = update(state, { type: 'select', roommate: 'dez' }, rng).state
  return update(state, { type: 'start' }, rng).state
}

/** Drops whenever the hand is free, in 16 ms frames, until the game ends. */
function playOut(
  state: PennyState,
  rng: Rng,
): { state: PennyState; events: PennyEvent[]; outcomes: Outcome[] } {
  const events: PennyEvent[] = []
  const outcomes: Outcome[] = []
  for (let frame = 0; frame < 2000 && state.status === 'running'; frame++) {
    if (canDrop(state)) {
      const r = update(state, { type: 'drop' }, rng)
      state = r.state
      events.push(...r.events)
      if (state.drop) outcomes.push(state.drop.outcome)
    }
    const r = step(state, 16, rng)
    state = r.state
    events.push(...r.events)
  }
  return { state, events, outcomes }
}

describe('Penny Pinchers: setup', () => {
  it('needs a roommate before Start, and starts with 10 coins and an empty jar', () => {
    const rng = createRng(1)
    const idle = createPennyPinchers()
    expect(canStart(idle)).toBe(false)
    expect(statusText(idle)).toBe('Pick a roommate')
    expect(update(idle, { type: 'start' }, rng).state).toBe(idle)
    expect(update(idle, { type: 'drop' }, rng).state).toBe(idle)
    const state = started(rng)
    expect(state).toMatchObject({ status: 'running', roommate: 'dez', coins: 10, score: 0 })
  })
})

describe('Penny Pinchers: a drop', () => {
  it('spends a coin at once, then adds 15 only when the coin lands in the jar', () => {
    const rng = createRng(3)
    let state = started(rng)
    // Find a seed position whose next drop goes in: replay until one does.
    let r = update(state, { type: 'drop' }, rng)
    while (r.state.drop?.outcome !== 'jar') {
      state = step(r.state, dropDurationMs('bounce'), rng).state
      r = update(state, { type: 'drop' }, rng)
    }
    const coinsBefore = state.coins
    expect(r.events).toEqual([{ type: 'drop', coinsLeft: coinsBefore - 1 }])
    expect(r.state.coins).toBe(coinsBefore - 1)
    expect(r.state.score).toBe(state.score)
    // One coin at a time: a second Drop during the fall does nothing.
    expect(update(r.state, { type: 'drop' }, rng).state).toBe(r.state)

    const mid = step(r.state, 100, rng)
    expect(mid.state.score).toBe(state.score)
    const landed = step(mid.state, dropDurationMs('jar'), rng)
    expect(landed.state.score).toBe(state.score + 15)
    expect(landed.events[0]).toEqual({ type: 'clink', score: state.score + 15 })
    expect(landed.state.drop).toBeNull()
    expect(landed.state.coinsInJar).toBe(state.coinsInJar + 1)
  })

  it('animates a jar coin into the jar and a bounced coin off the rim and out of the picture', () => {
    const jar = { outcome: 'jar' as const, startX: P.jarX + 10, side: 1 as const, ageMs: 0 }
    expect(coinPosition(jar).y).toBe(P.handY)
    const end = coinPosition({ ...jar, ageMs: dropDurationMs('jar') })
    expect(end.y).toBeCloseTo(P.jarBottomY, 6)
    expect(Math.abs(end.x - P.jarX)).toBeLessThan(P.jarMouthHalfWidth)

    const bounce = { outcome: 'bounce' as const, startX: P.jarX - 50, side: -1 as const, ageMs: 0 }
    const at = (ms: number) => coinPosition({ ...bounce, ageMs: ms }).y
    const rim = contactMs('bounce')
    // It falls onto the rim, flies back up off it, then falls away past the bottom edge.
    expect(at(rim)).toBeCloseTo(P.jarRimY, 6)
    expect(at(rim / 2)).toBeLessThan(at(rim))
    expect(at(rim + 150)).toBeLessThan(P.jarRimY - 40)
    expect(contactMs('jar')).toBeLessThan(dropDurationMs('jar'))
    const out = coinPosition({ ...bounce, ageMs: dropDurationMs('bounce') })
    expect(out.y).toBeGreaterThan(P.height)
    expect(out.x).toBeLessThan(bounce.startX)
    expect(dropDurationMs('jar')).toBeLessThan(800)
    expect(dropDurationMs('bounce')).toBeLessThan(1400)
  })

  it('lands in the jar 70% of the time over 10,000 seeded drops (± 2%)', () => {
    const rng = createRng(2024)
    let drops = 0
    let hits = 0
    while (drops < 10_000) {
      const r = update(started(rng), { type: 'drop' }, rng)
      drops++
      if (r.state.drop?.outcome === 'jar') hits++
    }
    expect(hits / drops).toBeGreaterThan(0.68)
    expect(hits / drops).toBeLessThan(0.72)
  })
})

describe('Penny Pinchers: winning and losing', () => {
  it('wins at 120 (8 coins in), loses when the coins run out below it', () => {
    const rng = createRng(99)
    let wins = 0
    let games = 0
    for (; games < 1000; games++) {
      const { state, events, outcomes } = playOut(started(rng), rng)
      const inJar = outcomes.filter((o) => o === 'jar').length
      expect(state.score).toBe(inJar * 15)
      expect(state.coins).toBe(10 - outcomes.length)
      if (state.result === 'win') {
        wins++
        expect(inJar).toBe(8)
        expect(events.at(-2)).toEqual({ type: 'win', score: 120 })
        expect(statusText(state)).toBe('RENT PAID!')
      } else {
        expect(state.result).toBe('lose')
        expect(state.coins).toBe(0)
        expect(state.score).toBeLessThan(120)
        expect(events.at(-1)).toEqual({ type: 'lose', score: state.score })
      }
      expect(state.status).toBe('ended')
    }
    // P(at least 8 of 10 at 70%) = 0.383: a coin-flip game that leans against the player.
    expect(wins / games).toBeGreaterThan(0.34)
    expect(wins / games).toBeLessThan(0.43)
  })
})

describe('Penny Pinchers: states', () => {
  it('pausing freezes the falling coin; reset returns to roommate select', () => {
    const rng = createRng(5)
    const falling = update(started(rng), { type: 'drop' }, rng).state
    const paused = update(falling, { type: 'togglePause' }, rng)
    expect(paused.events).toEqual([{ type: 'pause' }])
    expect(statusText(paused.state)).toBe('PAUSED')
    expect(step(paused.state, 5000, rng).state).toBe(paused.state)
    expect(update(paused.state, { type: 'drop' }, rng).state).toBe(paused.state)
    const running = update(paused.state, { type: 'togglePause' }, rng).state
    expect(step(running, 50, rng).state.drop?.ageMs).toBe(50)
    const reset = update(running, { type: 'reset' }, rng)
    expect(reset.state).toEqual(createPennyPinchers())
    expect(reset.events).toEqual([{ type: 'reset' }])
  })

  it('replays identically from the same seed', () => {
    const a = createRng(31)
    const b = createRng(31)
    expect(playOut(started(a), a)).toEqual(playOut(started(b), b))
  })
})
