// A tiny deterministic synthesizer for the sample soundtracks: oscillators with envelopes and a
// one-pole filter, a drum kit built from noise and sine sweeps, and a couple of cheap effects.
// Everything renders additively into mono Float32Array buses at a modest sample rate, so all
// tracks render in a few seconds. Randomness only ever comes from a seeded RNG, never
// Math.random, so a track's bytes are the same on every run.

export const SAMPLE_RATE = 22_050

export type Rng = () => number

/** mulberry32: small, fast and good enough for humanising notes and making noise. */
export function createRng(seed: number): Rng {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

export function midiToHz(midi: number): number {
  return 440 * 2 ** ((midi - 69) / 12)
}

export type Wave = 'sine' | 'triangle' | 'saw' | 'pulse' | 'epiano' | 'bell'

export interface Instrument {
  wave: Wave
  /** Pulse width for 'pulse' (0.5 is a square wave, 0.125 the thin NES-style one). */
  duty?: number
  attack: number
  decay: number
  /** Level held after the decay, 0..1. */
  sustain: number
  release: number
  /** One-pole low-pass cutoff in Hz; omitted means unfiltered. */
  cutoff?: number
  /** Filter opens to this cutoff at note start and closes back over `cutoffTime` (a pluck). */
  cutoffPeak?: number
  cutoffTime?: number
  /** Adds a second oscillator this many cents sharp, for a thicker, chorused sound. */
  detune?: number
  vibrato?: { rate: number; cents: number; delay: number }
  tremolo?: { rate: number; depth: number }
  /** Shifts the whole note this many cents at start, gliding to pitch over 60 ms. */
  scoop?: number
}

// A sine table instead of Math.sin: the synth spends most of its time here, and the error
// (below -70 dB) is far under what a 16-bit WAV at 22 kHz can show.
const TABLE_SIZE = 8192
const SINE = Float64Array.from({ length: TABLE_SIZE }, (_, i) =>
  Math.sin((2 * Math.PI * i) / TABLE_SIZE),
)

/** sin(2π·phase) for any phase. */
export function sine(phase: number): number {
  return SINE[((phase - Math.floor(phase)) * TABLE_SIZE) | 0]!
}

function adsr(inst: Instrument, t: number): number {
  if (t < inst.attack) return t / inst.attack
  if (t < inst.attack + inst.decay) return 1 - ((1 - inst.sustain) * (t - inst.attack)) / inst.decay
  return inst.sustain
}

function envelope(inst: Instrument, t: number, dur: number): number {
  if (t < dur) return adsr(inst, t)
  return adsr(inst, dur) * Math.max(0, 1 - (t - dur) / inst.release)
}

/** Modulation index and its per-sample decay for the two FM waves: a bright attack that mellows. */
const FM: Partial<Record<Wave, { index: number; ratio: number; decay: number }>> = {
  epiano: { index: 1.6, ratio: 2, decay: Math.exp(-6 / SAMPLE_RATE) },
  bell: { index: 2.2, ratio: 3.5, decay: Math.exp(-3 / SAMPLE_RATE) },
}

/** Samples between updates of the slow controls (envelope, vibrato, tremolo, filter sweep):
 * about 1.5 ms, far below what the ear resolves, and it keeps the per-sample loop tiny. */
const BLOCK = 32

/** Adds one note to `bus`. `time` and `dur` are seconds; the release rings on past `dur`. */
export function playNote(
  bus: Float32Array,
  inst: Instrument,
  time: number,
  dur: number,
  midi: number,
  gain: number,
): void {
  const start = Math.max(0, Math.round(time * SAMPLE_RATE))
  const end = Math.min(bus.length, start + Math.round((dur + inst.release) * SAMPLE_RATE))
  const baseInc = midiToHz(midi) / SAMPLE_RATE
  const wave = inst.wave
  const duty = inst.duty ?? 0.5
  const detuneRatio = inst.detune ? 2 ** (inst.detune / 1200) : 0
  // Pitch modulation is a few cents, where 2^(c/1200) ≈ 1 + c·ln2/1200 is exact enough.
  const centsToRatio = Math.LN2 / 1200
  const { vibrato: vib, tremolo: trem, scoop } = inst
  const fmSpec = FM[wave]
  const ratio = fmSpec?.ratio ?? 1
  const fmStep = fmSpec?.decay ?? 1
  let fm = (fmSpec?.index ?? 0) / (2 * Math.PI)
  const cutDecay = inst.cutoffTime ? Math.exp(-BLOCK / (inst.cutoffTime * SAMPLE_RATE)) : 0
  let cutExtra = inst.cutoffPeak && inst.cutoff ? inst.cutoffPeak - inst.cutoff : 0
  const level = (t: number) => {
    let amp = envelope(inst, t, dur) * gain
    if (trem) amp *= 1 - trem.depth * (0.5 + 0.5 * sine(trem.rate * t))
    return amp
  }
  let phase = 0
  let phase2 = 0.37
  let lp1 = 0
  let lp2 = 0
  let amp = level(0)
  for (let b = start; b < end; b += BLOCK) {
    const t = (b - start) / SAMPLE_RATE
    const blockEnd = Math.min(end, b + BLOCK)
    const nextAmp = level((blockEnd - start) / SAMPLE_RATE)
    const dAmp = (nextAmp - amp) / (blockEnd - b)
    let mod = 0
    if (vib && t > vib.delay)
      mod += Math.min(1, (t - vib.delay) * 3) * vib.cents * sine(vib.rate * t)
    if (scoop && t < 0.06) mod += scoop * (1 - t / 0.06)
    const inc = baseInc * (1 + mod * centsToRatio)
    const inc2 = inc * detuneRatio
    const a = inst.cutoff ? Math.min(1, (2 * Math.PI * (inst.cutoff + cutExtra)) / SAMPLE_RATE) : 1
    cutExtra *= cutDecay
    for (let i = b; i < blockEnd; i++) {
      phase += inc
      if (phase >= 1) phase -= 1
      let x: number
      if (wave === 'saw') x = 2 * phase - 1
      else if (wave === 'pulse') x = phase < duty ? 1 : -1
      else if (wave === 'triangle') x = 1 - 4 * Math.abs(phase - 0.5)
      else if (wave === 'sine') x = sine(phase)
      else x = sine(phase + fm * sine(phase * ratio))
      if (inc2) {
        phase2 += inc2
        if (phase2 >= 1) phase2 -= 1
        let y: number
        if (wave === 'saw') y = 2 * phase2 - 1
        else if (wave === 'pulse') y = phase2 < duty ? 1 : -1
        else y = sine(phase2)
        x = 0.5 * (x + y)
      }
      fm *= fmStep
      if (a < 1) {
        lp1 += a * (x - lp1)
        lp2 += a * (lp1 - lp2)
        x = lp2
      }
      bus[i]! += x * amp
      amp += dAmp
    }
  }
}

function span(bus: Float32Array, time: number, seconds: number): [number, number] {
  const start = Math.max(0, Math.round(time * SAMPLE_RATE))
  return [start, Math.min(bus.length, start + Math.round(seconds * SAMPLE_RATE))]
}

/** A sine whose pitch falls fast: the body of a kick drum (or a tom, with other numbers). */
export function kick(
  bus: Float32Array,
  time: number,
  gain: number,
  { fromHz = 150, toHz = 48, sweep = 0.045, decay = 0.28 } = {},
): void {
  const [start, end] = span(bus, time, decay * 4)
  const sweepStep = Math.exp(-1 / (sweep * SAMPLE_RATE))
  const decayStep = Math.exp(-1 / (decay * SAMPLE_RATE))
  let extraHz = fromHz - toHz
  let level = 1
  let phase = 0
  for (let i = start; i < end; i++) {
    const t = (i - start) / SAMPLE_RATE
    phase += (toHz + extraHz) / SAMPLE_RATE
    extraHz *= sweepStep
    const click = t < 0.004 ? 0.4 * (1 - t / 0.004) : 0
    bus[i]! += gain * (sine(phase) * level + click)
    level *= decayStep
  }
}

/** Noise through a crude high-pass, plus a short tonal body. */
export function snare(
  bus: Float32Array,
  time: number,
  gain: number,
  rng: Rng,
  { toneHz = 185, decay = 0.12, brightness = 0.7 } = {},
): void {
  const [start, end] = span(bus, time, decay * 5)
  const noiseStep = Math.exp(-1 / (decay * SAMPLE_RATE))
  const toneStep = Math.exp(-1 / (0.05 * SAMPLE_RATE))
  let noiseLevel = 0.7
  let toneLevel = 0.5
  let prev = 0
  for (let i = start; i < end; i++) {
    const n = rng() * 2 - 1
    const hp = n - brightness * prev
    prev = n
    const tone = sine(((i - start) * toneHz) / SAMPLE_RATE)
    bus[i]! += gain * (noiseLevel * hp + toneLevel * tone)
    noiseLevel *= noiseStep
    toneLevel *= toneStep
  }
}

/** High-passed noise with a short (closed) or long (open, ride, cymbal) decay. */
export function hat(bus: Float32Array, time: number, gain: number, rng: Rng, decay = 0.035): void {
  const [start, end] = span(bus, time, decay * 6)
  const step = Math.exp(-1 / (decay * SAMPLE_RATE))
  let level = 0.4 * gain
  let prev = 0
  let prev2 = 0
  for (let i = start; i < end; i++) {
    const n = rng() * 2 - 1
    // Second difference: a steep, cheap high-pass that keeps only the sizzle.
    const hp = n - 2 * prev + prev2
    prev2 = prev
    prev = n
    bus[i]! += level * hp
    level *= step
  }
}

/** A cymbal that swells up to `time + seconds` (for dramatic entrances) instead of decaying. */
export function swell(bus: Float32Array, time: number, seconds: number, gain: number, rng: Rng) {
  const [start, end] = span(bus, time, seconds)
  let prev = 0
  for (let i = start; i < end; i++) {
    const t = (i - start) / SAMPLE_RATE
    const n = rng() * 2 - 1
    const hp = n - prev
    prev = n
    bus[i]! += gain * 0.5 * hp * (t / seconds) ** 2
  }
}

/** NES-style noise channel: random levels held for `period` samples, stepped volume decay. */
export function chipNoise(
  bus: Float32Array,
  time: number,
  gain: number,
  rng: Rng,
  decay: number,
  period: number,
): void {
  const [start, end] = span(bus, time, decay * 4)
  const step = Math.exp(-1 / (decay * SAMPLE_RATE))
  let env = 1
  let level = 0
  for (let i = start; i < end; i++) {
    if ((i - start) % period === 0) level = rng() < 0.5 ? -1 : 1
    // Sixteen volume steps, like the hardware's 4-bit envelope.
    bus[i]! += gain * level * (Math.floor(env * 15) / 15)
    env *= step
  }
}

/** Sparse clicks and a faint hiss: the dusty-record bed under the lo-fi volume. */
export function vinylCrackle(bus: Float32Array, gain: number, rng: Rng): void {
  for (let i = 0; i < bus.length; i++) {
    let x = (rng() * 2 - 1) * 0.02
    if (rng() < 0.0004) x += (rng() * 2 - 1) * 0.8
    bus[i]! += gain * x
  }
}

/** Feedback echo in place: `seconds` apart, each repeat `feedback` as loud. */
export function echo(bus: Float32Array, seconds: number, feedback: number, mix: number): void {
  const d = Math.round(seconds * SAMPLE_RATE)
  const line = new Float32Array(bus.length)
  for (let i = d; i < bus.length; i++) line[i] = (bus[i - d]! + line[i - d]!) * feedback
  for (let i = 0; i < bus.length; i++) bus[i]! += line[i]! * mix
}

/** Schroeder reverb (four combs, two all-passes) returning the wet signal only. */
export function reverb(input: Float32Array, size: number, damping = 0.3): Float32Array {
  const scale = SAMPLE_RATE / 44_100
  const out = new Float32Array(input.length)
  for (const len of [1116, 1188, 1277, 1356]) {
    const n = Math.round(len * scale * size)
    const buf = new Float32Array(n)
    let idx = 0
    let store = 0
    for (let i = 0; i < input.length; i++) {
      const y = buf[idx]!
      store = y * (1 - damping) + store * damping
      buf[idx] = input[i]! + store * 0.8
      out[i]! += y * 0.25
      idx = idx + 1 === n ? 0 : idx + 1
    }
  }
  for (const len of [556, 441]) {
    const n = Math.round(len * scale)
    const buf = new Float32Array(n)
    let idx = 0
    for (let i = 0; i < out.length; i++) {
      const y = buf[idx]!
      buf[idx] = out[i]! + y * 0.5
      out[i] = y - out[i]! * 0.5
      idx = idx + 1 === n ? 0 : idx + 1
    }
  }
  return out
}

/** One-pole low-pass in place; the lo-fi volume runs its whole mix through one. */
export function lowpass(bus: Float32Array, hz: number): void {
  const a = Math.min(1, (2 * Math.PI * hz) / SAMPLE_RATE)
  let y = 0
  for (let i = 0; i < bus.length; i++) {
    y += a * (bus[i]! - y)
    bus[i] = y
  }
}

/** Peak level of the final mix: soft-saturated, then scaled so the loudest sample is 1.5 dB below
 * full scale (the tests require at most -1 dBFS after 16-bit rounding). */
export const MASTER_PEAK = 10 ** (-1.5 / 20)

/** A rational approximation of tanh (exact at 0 and ±3, within 2% between), several times
 * cheaper than Math.tanh on a million samples. */
function softClip(x: number): number {
  if (x <= -3) return -1
  if (x >= 3) return 1
  return (x * (27 + x * x)) / (27 + 9 * x * x)
}

/** Soft-clips, normalises to MASTER_PEAK and fades both ends so nothing starts or stops with a
 * click. */
export function master(mix: Float32Array, fadeOut: number): Float32Array {
  let peak = 0
  for (const x of mix) peak = Math.max(peak, Math.abs(x))
  const drive = peak > 0 ? 1.6 / peak : 0
  const out = new Float32Array(mix.length)
  let satPeak = 0
  for (let i = 0; i < mix.length; i++) {
    out[i] = softClip(mix[i]! * drive)
    satPeak = Math.max(satPeak, Math.abs(out[i]!))
  }
  const fadeIn = Math.round(0.01 * SAMPLE_RATE)
  const fadeOutStart = mix.length - Math.round(fadeOut * SAMPLE_RATE)
  const norm = satPeak > 0 ? MASTER_PEAK / satPeak : 0
  for (let i = 0; i < out.length; i++) {
    let g = norm
    if (i < fadeIn) g *= i / fadeIn
    if (i > fadeOutStart) g *= Math.max(0, (out.length - i) / (out.length - fadeOutStart))
    out[i]! *= g
  }
  return out
}
