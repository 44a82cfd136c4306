import { describe, expect, it } from 'vitest'
import { encodeWav } from './wav.js'

describe('encodeWav', () => {
  it('writes a canonical 16-bit mono PCM header and little-endian samples', () => {
    const bytes = encodeWav(new Float32Array([0, 1, -1, 0.5, 2]), 22_050)
    const view = new DataView(bytes.buffer)
    const ascii = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4))
    expect(bytes.length).toBe(44 + 10)
    expect([ascii(0), ascii(8), ascii(12), ascii(36)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data'])
    expect(view.getUint32(4, true)).toBe(36 + 10)
    expect(view.getUint16(20, true)).toBe(1)
    expect(view.getUint16(22, true)).toBe(1)
    expect(view.getUint32(24, true)).toBe(22_050)
    expect(view.getUint32(28, true)).toBe(44_100)
    expect(view.getUint16(32, true)).toBe(2)
    expect(view.getUint16(34, true)).toBe(16)
    expect(view.getUint32(40, true)).toBe(10)
    // Out-of-range input is clamped rather than wrapped round.
    const samples = [0, 1, 2, 3, 4].map((i) => view.getInt16(44 + i * 2, true))
    expect(samples).toEqual([0, 32_767, -32_767, 16_384, 32_767])
  })
})
