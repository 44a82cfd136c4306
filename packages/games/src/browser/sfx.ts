// Short game sound effects synthesized with Web Audio: no files to download. A few oscillator
// notes per sound, each with a pitch slide and a decaying gain. A browser without Web Audio, or
// one that refuses it, simply stays silent (docs/product/games.md#every-canvas-game: an
// unavailable audio context is ignored). The page's hook (apps/web/src/lib/game-sfx.ts) decides
// when to create the context (after a user gesture) and remembers mute.

export type SfxName = 'good' | 'bad' | 'tap' | 'start' | 'win' | 'lose' | 'pause'

interface Note {
  /** Hz at the start and at the end (a slide). */
  from: number
  to: number
  ms: number
  type: OscillatorType
  /** Delay from the call, ms. */
  at?: number
  gain?: number
}

const RECIPES: Record<SfxName, Note[]> = {
  good: [
    { from: 660, to: 990, ms: 90, type: 'square', gain: 0.08 },
    { from: 990, to: 1320, ms: 90, type: 'square', at: 70, gain: 0.06 },
  ],
  bad: [{ from: 220, to: 110, ms: 220, type: 'sawtooth', gain: 0.09 }],
  tap: [{ from: 440, to: 380, ms: 60, type: 'triangle', gain: 0.1 }],
  start: [
    { from: 523, to: 523, ms: 90, type: 'square', gain: 0.06 },
    { from: 784, to: 784, ms: 140, type: 'square', at: 100, gain: 0.06 },
  ],
  win: [523, 659, 784, 1047].map((f, i) => ({
    from: f,
    to: f,
    ms: 140,
    type: 'square' as const,
    at: i * 110,
    gain: 0.07,
  })),
  lose: [392, 330, 262].map((f, i) => ({
    from: f,
    to: f * 0.96,
    ms: 220,
    type: 'triangle' as const,
    at: i * 200,
    gain: 0.12,
  })),
  pause: [{ from: 600, to: 600, ms: 50, type: 'sine', gain: 0.08 }],
}

type AudioContextCtor = typeof AudioContext

/** A new audio context, or null where the browser has none (or refuses one). Call it from a user
 * gesture, or the context starts suspended. */
export function createAudioContext(): AudioContext | null {
  try {
    const Ctor = (window.AudioContext ??
      (window as unknown as { webkitAudioContext?: AudioContextCtor }).webkitAudioContext) as
      AudioContextCtor | undefined
    return Ctor ? new Ctor() : null
  } catch {
    return null
  }
}

/** Plays one sound now on a running context; a sound that cannot play is dropped. */
export function playSfx(ctx: AudioContext, name: SfxName): void {
  if (ctx.state !== 'running') return
  try {
    for (const note of RECIPES[name]) playNote(ctx, note)
  } catch {
    // A sound that cannot play is not worth an error.
  }
}

function playNote(ctx: AudioContext, note: Note): void {
  const start = ctx.currentTime + (note.at ?? 0) / 1000
  const end = start + note.ms / 1000
  const osc = ctx.createOscillator()
  const gain = ctx.createGain()
  osc.type = note.type
  osc.frequency.setValueAtTime(note.from, start)
  osc.frequency.exponentialRampToValueAtTime(note.to, end)
  gain.gain.setValueAtTime(note.gain ?? 0.08, start)
  gain.gain.exponentialRampToValueAtTime(0.0001, end)
  osc.connect(gain).connect(ctx.destination)
  osc.start(start)
  osc.stop(end + 0.02)
}
