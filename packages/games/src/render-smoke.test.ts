// The renderers draw on a recording fake context (there is no DOM here): these tests check
// what reaches the canvas — the transform for crisp high-DPI drawing, the state and score text,
// finite coordinates, balanced save/restore — and that reduced motion really removes motion.
import { describe, expect, it } from 'vitest'
import type { Canvas2D, RenderOptions } from './canvas-2d'
import { createRng } from './rng'
import * as bill from './bill-collector/rules'
import { renderBillCollector } from './bill-collector/render'
import * as whack from './whack-a-bertha/rules'
import { renderWhackABertha } from './whack-a-bertha/render'
import * as penny from './penny-pinchers/rules'
import { renderPennyPinchers } from './penny-pinchers/render'

interface Call {
  name: string
  args: unknown[]
}

function recorder(): { ctx: Canvas2D; calls: Call[] } {
  const calls: Call[] = []
  const props: Record<string, unknown> = {}
  const ctx = new Proxy(props, {
    get(target, key: string) {
      if (key in target) return target[key]
      return (...args: unknown[]) => {
        calls.push({ name: key, args })
      }
    },
    set(target, key: string, value: unknown) {
      target[key] = value
      calls.push({ name: `set:${key}`, args: [value] })
      return true
    },
  })
  return { ctx: ctx as unknown as Canvas2D, calls }
}

function texts(calls: Call[]): string[] {
  return calls.filter((c) => c.name === 'fillText').map((c) => String(c.args[0]))
}

function checkSane(calls: Call[]): void {
  for (const c of calls) {
    for (const a of c.args) if (typeof a === 'number') expect(Number.isFinite(a), c.name).toBe(true)
  }
  const saves = calls.filter((c) => c.name === 'save').length
  expect(calls.filter((c) => c.name === 'restore').length).toBe(saves)
}

const OPTS: RenderOptions = { pixelRatio: 2, scale: 1.5, reducedMotion: false }

describe('Bill Collector renderer', () => {
  const rng = createRng(1)
  let s = bill.createBillCollector({ best: 420 })
  s = bill.update(s, { type: 'select', roommate: 'dez' }, rng).state
  s = bill.update(s, { type: 'start' }, rng).state
  const playing = bill.step(s, { left: false, right: true }, 4000, rng).state

  it('draws in logical units on a high-DPI backing store, with wallet, round, timer and best', () => {
    const { ctx, calls } = recorder()
    renderBillCollector(ctx, { ...playing, wallet: 740 }, OPTS)
    expect(calls[0]).toEqual({ name: 'setTransform', args: [3, 0, 0, 3, 0, 0] })
    const shown = texts(calls)
    expect(shown).toContain('$740')
    expect(shown).toContain('1 / 5')
    expect(shown).toContain(billClock(playing.timeLeftMs))
    expect(shown).toContain('BEST $420')
    expect(playing.items.length).toBeGreaterThan(0)
    checkSane(calls)
  })

  it('shows the round message, PAUSED and the game-over text', () => {
    const message = recorder()
    renderBillCollector(message.ctx, s, OPTS)
    expect(texts(message.calls)).toContain('ROUND 1: 30 SECONDS')
    const paused = recorder()
    renderBillCollector(paused.ctx, bill.update(playing, { type: 'togglePause' }, rng).state, OPTS)
    expect(texts(paused.calls)).toContain('PAUSED')
    const over = recorder()
    renderBillCollector(over.ctx, { ...playing, status: 'ended', result: 'lose' }, OPTS)
    expect(texts(over.calls)).toContain('GAME OVER! RENT NOT PAID')
    checkSane(over.calls)
    const tapped = recorder()
    const pausedState = bill.update(playing, { type: 'togglePause' }, rng).state
    renderBillCollector(tapped.ctx, pausedState, { ...OPTS, touch: true })
    expect(texts(tapped.calls)).toContain('Tap Resume to play on')
    expect(texts(paused.calls)).toContain('Press Space to resume')
  })

  it('throws confetti on a win, but not under reduced motion', () => {
    const item = {
      id: 1,
      kind: 'dollar' as const,
      x: playing.playerX,
      y: bill.BILL_COLLECTOR.playerY,
      spin: 0,
    }
    const won = bill.step(
      { ...playing, wallet: 1490, items: [item] },
      { left: false, right: false },
      16,
      rng,
    ).state
    expect(won.result).toBe('win')
    const confettiPieces = (calls: Call[]) =>
      calls.filter((c) => c.name === 'fillRect' && c.args.join() === '-5,-3,10,6').length
    const moving = recorder()
    renderBillCollector(moving.ctx, won, OPTS)
    expect(confettiPieces(moving.calls)).toBe(40)
    expect(texts(moving.calls)).toContain('RENT PAID!')
    const still = recorder()
    renderBillCollector(still.ctx, won, { ...OPTS, reducedMotion: true })
    expect(confettiPieces(still.calls)).toBe(0)
    expect(texts(still.calls)).toContain('RENT PAID!')
  })
})

function billClock(ms: number): string {
  const s = Math.ceil(ms / 1000)
  return `0:${String(s).padStart(2, '0')}`
}

describe('Whack-a-Bertha renderer', () => {
  const rng = createRng(2)
  const started = whack.update(whack.createWhackABertha(), { type: 'start' }, rng).state
  const first = started.schedule[0] as whack.Pop
  const popped = whack.step(started, first.startMs + 300, rng).state

  it('shows score, time and strikes, and draws the doors', () => {
    const { ctx, calls } = recorder()
    renderWhackABertha(ctx, { ...popped, score: 30, strikes: 1 }, OPTS)
    const shown = texts(calls)
    expect(shown).toContain('30 / 100')
    expect(shown).toContain('✖ ○ ○')
    expect(shown).toContain('0:29')
    checkSane(calls)
  })

  it('shakes after a strike, except under reduced motion', () => {
    const struck = { ...popped, lastStrikeAtMs: popped.elapsedMs - 40 }
    // A shake is a translation of the whole scene before the facade's first fill.
    const shakes = (calls: Call[]) => {
      const translate = calls.findIndex((c) => c.name === 'translate')
      return translate !== -1 && translate < calls.findIndex((c) => c.name === 'fillRect')
    }
    const shaking = recorder()
    renderWhackABertha(shaking.ctx, struck, OPTS)
    expect(shakes(shaking.calls)).toBe(true)
    const still = recorder()
    renderWhackABertha(still.ctx, struck, { ...OPTS, reducedMotion: true })
    expect(shakes(still.calls)).toBe(false)
    const later = recorder()
    renderWhackABertha(later.ctx, { ...popped, lastStrikeAtMs: popped.elapsedMs - 1000 }, OPTS)
    expect(shakes(later.calls)).toBe(false)
  })

  it('states: click to start, paused, three strikes', () => {
    const idle = recorder()
    renderWhackABertha(idle.ctx, whack.createWhackABertha(), OPTS)
    expect(texts(idle.calls)).toContain('CLICK TO START')
    const paused = recorder()
    renderWhackABertha(paused.ctx, { ...popped, status: 'paused' }, OPTS)
    expect(texts(paused.calls)).toContain('PAUSED')
    const out = recorder()
    renderWhackABertha(
      out.ctx,
      { ...popped, status: 'ended', result: 'lose', endReason: 'strikes', strikes: 3 },
      OPTS,
    )
    expect(texts(out.calls)).toContain('THREE STRIKES! LEAVE THE ROOMMATES ALONE.')
  })

  it('says Tap, not Click or Space, to a touch screen', () => {
    const touch = { ...OPTS, touch: true }
    const idle = recorder()
    renderWhackABertha(idle.ctx, whack.createWhackABertha(), touch)
    expect(texts(idle.calls)).toContain('TAP TO START')
    expect(texts(idle.calls)).not.toContain('CLICK TO START')
    const paused = recorder()
    renderWhackABertha(paused.ctx, { ...popped, status: 'paused' }, touch)
    expect(texts(paused.calls)).toContain('Tap Resume to play on')
    const over = recorder()
    renderWhackABertha(over.ctx, { ...popped, status: 'ended', result: 'lose' }, touch)
    expect(texts(over.calls)).toContain('Score 0 of 100. Tap Reset to play again.')
    const mouse = recorder()
    renderWhackABertha(mouse.ctx, { ...popped, status: 'paused' }, OPTS)
    expect(texts(mouse.calls)).toContain('Space to resume, R to reset')
  })
})

describe('Penny Pinchers renderer', () => {
  it('draws the jar total, the coins left and a coin in flight', () => {
    const rng = createRng(3)
    let s = penny.createPennyPinchers()
    s = penny.update(s, { type: 'select', roommate: 'tubbs' }, rng).state
    s = penny.update(s, { type: 'start' }, rng).state
    s = penny.update(s, { type: 'drop' }, rng).state
    s = penny.step(s, 200, rng).state
    const { ctx, calls } = recorder()
    renderPennyPinchers(ctx, s, OPTS)
    const shown = texts(calls)
    expect(shown).toContain('$0 / 120')
    expect(shown).toContain('9')
    expect(shown).toContain('RENT')
    checkSane(calls)
    const end = recorder()
    renderPennyPinchers(
      end.ctx,
      { ...s, drop: null, status: 'ended', result: 'lose', coins: 0 },
      OPTS,
    )
    expect(texts(end.calls)).toContain('OUT OF COINS. RENT NOT PAID')
    const paused = { ...s, status: 'paused' as const }
    const keys = recorder()
    renderPennyPinchers(keys.ctx, paused, OPTS)
    expect(texts(keys.calls)).toContain('Press Space to resume')
    const tapped = recorder()
    renderPennyPinchers(tapped.ctx, paused, { ...OPTS, touch: true })
    expect(texts(tapped.calls)).toContain('Tap Resume to play on')
  })
})
