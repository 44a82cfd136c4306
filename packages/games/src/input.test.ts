import { describe, expect, it } from 'vitest'
import { heldInput, keyAction as billKey } from './bill-collector/input'
import { toLogical } from './input-pointer'
import { createWhackABertha, DOOR_RECTS } from './whack-a-bertha/rules'
import { clickAction, keyAction as whackKey } from './whack-a-bertha/input'

describe('input adapters', () => {
  it('maps a client point on a scaled canvas to logical units', () => {
    const rect = { left: 100, top: 50, width: 720, height: 1280 }
    expect(toLogical(460, 690, rect, 360, 640)).toEqual({ x: 180, y: 320 })
  })

  it('turns held keys and the pointer into Bill Collector input', () => {
    expect(heldInput(new Set(['ArrowLeft']))).toEqual({ left: true, right: false })
    expect(heldInput(new Set(['d', 'Shift']))).toEqual({ left: false, right: true })
    expect(heldInput(new Set(), 90)).toEqual({ left: false, right: false, pointerX: 90 })
    expect(billKey(' ')).toEqual({ type: 'togglePause' })
    expect(billKey('x')).toBeNull()
  })

  it('maps Space, R and clicks for Whack-a-Bertha', () => {
    expect(whackKey(' ')).toEqual({ type: 'togglePause' })
    expect(whackKey('r')).toEqual({ type: 'reset' })
    const idle = createWhackABertha()
    expect(clickAction(idle, 1, 1)).toEqual({ type: 'start' })
    const running = { ...idle, status: 'running' as const }
    const door = DOOR_RECTS[6] as (typeof DOOR_RECTS)[number]
    expect(clickAction(running, door.x + 5, door.y + 5)).toEqual({ type: 'hit', door: 6 })
    expect(clickAction(running, 1, 1)).toBeNull()
  })
})
