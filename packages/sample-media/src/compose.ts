// Turns a small song description (tempo, key, mode, chord progressions, form) into a mix. The
// musical decisions live here; the sounds live in synth.ts. A song is built bar by bar: every bar
// knows its chord and section, and each style (funk, chiptune, lounge, orchestral) lays its drums,
// bass, chords and melody over it. Melodies are generated once per section kind and repeated, so
// the second verse and chorus come back recognisably: that repetition is most of what makes the
// result sound like a song rather than random notes.
import {
  SAMPLE_RATE,
  chipNoise,
  createRng,
  echo,
  hat,
  kick,
  lowpass,
  master,
  midiToHz,
  playNote,
  reverb,
  snare,
  swell,
  vinylCrackle,
  type Instrument,
  type Rng,
} from './synth.js'

export type Style = 'funk' | 'chiptune' | 'lounge' | 'orchestral'
export type Section = 'intro' | 'verse' | 'chorus' | 'bridge' | 'outro'

export const MODES = {
  major: [0, 2, 4, 5, 7, 9, 11],
  minor: [0, 2, 3, 5, 7, 8, 10],
  dorian: [0, 2, 3, 5, 7, 9, 10],
  mixolydian: [0, 2, 4, 5, 7, 9, 10],
  harmonicMinor: [0, 2, 3, 5, 7, 8, 11],
} as const
export type Mode = keyof typeof MODES

export interface Song {
  title: string
  seed: number
  style: Style
  bpm: number
  /** MIDI note of the tonic in the bass register, e.g. 45 = A2. */
  tonic: number
  mode: Mode
  /** Chords as 1-based scale degrees (1 = I), one per bar; repeated to fill `bars`. */
  verse: number[]
  chorus: number[]
  bridge?: number[]
  /** Last two bars; defaults to V then I. */
  outro?: number[]
  form: Section[]
}

const SECTION_BARS: Record<Section, number> = { intro: 2, verse: 4, chorus: 4, bridge: 4, outro: 2 }
const ENERGY: Record<Section, number> = {
  intro: 0.55,
  verse: 0.75,
  chorus: 1,
  bridge: 0.8,
  outro: 0.7,
}
/** Seconds of reverb and release left to ring after the last bar. */
const TAIL = 2

interface Bar {
  index: number
  section: Section
  /** Bar number within its section, and the section's length. */
  inSection: number
  sectionBars: number
  /** Which occurrence of this section kind (0 for the first verse, 1 for the second). */
  pass: number
  degree: number
  nextDegree: number
  energy: number
}

export function songBars(song: Song): Bar[] {
  const bars: Omit<Bar, 'nextDegree'>[] = []
  const passes: Partial<Record<Section, number>> = {}
  for (const section of song.form) {
    const pass = passes[section] ?? 0
    passes[section] = pass + 1
    const progression =
      section === 'intro'
        ? song.verse
        : section === 'outro'
          ? (song.outro ?? [5, 1])
          : section === 'bridge'
            ? (song.bridge ?? song.chorus)
            : song[section]
    const count =
      section === 'verse' || section === 'chorus' ? progression.length : SECTION_BARS[section]
    for (let i = 0; i < count; i++) {
      bars.push({
        index: bars.length,
        section,
        inSection: i,
        sectionBars: count,
        pass,
        degree: progression[i % progression.length]!,
        energy: ENERGY[section],
      })
    }
  }
  return bars.map((bar, i) => ({ ...bar, nextDegree: bars[i + 1]?.degree ?? 1 }))
}

/** Length in seconds of the rendered song, tail included. */
export function songSeconds(song: Song): number {
  return (songBars(song).length * 4 * 60) / song.bpm + TAIL
}

// ---------------------------------------------------------------------------------------------
// Harmony: scale steps are integers counted from the tonic (7 = the tonic an octave up).

function stepToMidi(song: Song, step: number, octave: number): number {
  const scale = MODES[song.mode]
  const oct = Math.floor(step / 7)
  return song.tonic + 12 * (octave + oct) + scale[step - oct * 7]!
}

/** Scale steps of the chord on `degree`: root, third, fifth (and seventh, ninth). */
function chordSteps(degree: number, size: 3 | 4 | 5): number[] {
  const root = degree - 1
  return [0, 2, 4, 6, 8].slice(0, size).map((s) => root + s)
}

/** MIDI notes of a chord voiced closely within [low, low + 12). */
function voicing(song: Song, degree: number, size: 3 | 4 | 5, low: number): number[] {
  return chordSteps(degree, size)
    .map((s) => stepToMidi(song, s, 0))
    .map((m) => {
      let n = m
      while (n < low) n += 12
      while (n >= low + 12) n -= 12
      return n
    })
    .sort((a, b) => a - b)
}

function isChordTone(step: number, degree: number, size: 3 | 4): boolean {
  const pc = ((step % 7) + 7) % 7
  return chordSteps(degree, size).some((s) => s % 7 === pc)
}

function nearestChordTone(step: number, degree: number): number {
  for (let d = 0; d < 7; d++) {
    if (isChordTone(step - d, degree, 3)) return step - d
    if (isChordTone(step + d, degree, 3)) return step + d
  }
  return step
}

// ---------------------------------------------------------------------------------------------
// Melody: a motif (a rhythm plus a contour of scale-step intervals) repeated over the chords.

type Rhythm = ReadonlyArray<readonly [onset: number, beats: number]>
interface MelodyNote {
  /** Beats from the start of the section. */
  beat: number
  beats: number
  step: number
}

const RHYTHMS: Record<Style, { motifs: Rhythm[]; cadences: Rhythm[] }> = {
  funk: {
    motifs: [
      [
        [0, 0.5],
        [0.75, 0.25],
        [1, 0.5],
        [2, 0.75],
        [3, 0.5],
        [3.5, 0.5],
      ],
      [
        [0, 1],
        [1.5, 0.5],
        [2, 0.5],
        [2.5, 1.5],
      ],
      [
        [0.5, 0.5],
        [1, 0.25],
        [1.25, 0.75],
        [2, 1],
        [3, 1],
      ],
      [
        [0, 0.25],
        [0.25, 0.25],
        [0.5, 1],
        [2, 0.5],
        [2.75, 1.25],
      ],
    ],
    cadences: [
      [
        [0, 1],
        [1, 0.5],
        [1.5, 2.5],
      ],
      [
        [0.5, 0.5],
        [1, 3],
      ],
    ],
  },
  chiptune: {
    motifs: [
      [
        [0, 0.5],
        [0.5, 0.5],
        [1, 0.5],
        [1.5, 0.25],
        [1.75, 0.25],
        [2, 1],
        [3, 0.5],
        [3.5, 0.5],
      ],
      [
        [0, 0.75],
        [0.75, 0.75],
        [1.5, 0.5],
        [2, 0.5],
        [2.5, 0.5],
        [3, 1],
      ],
      [
        [0, 0.25],
        [0.25, 0.25],
        [0.5, 0.5],
        [1, 1],
        [2, 0.5],
        [2.5, 0.5],
        [3, 0.5],
        [3.5, 0.5],
      ],
    ],
    cadences: [
      [
        [0, 0.5],
        [0.5, 0.5],
        [1, 3],
      ],
      [
        [0, 1],
        [1, 1],
        [2, 2],
      ],
    ],
  },
  lounge: {
    motifs: [
      [
        [0, 1.5],
        [1.5, 0.5],
        [2, 1],
        [3, 0.5],
        [3.5, 0.5],
      ],
      [
        [0.5, 0.5],
        [1, 1],
        [2, 0.5],
        [2.5, 1.5],
      ],
      [
        [0, 0.5],
        [0.5, 0.5],
        [1, 0.5],
        [1.5, 1.5],
        [3.5, 0.5],
      ],
    ],
    cadences: [
      [
        [0, 1],
        [1, 3],
      ],
      [
        [0, 0.5],
        [0.5, 0.5],
        [1, 3],
      ],
    ],
  },
  orchestral: {
    motifs: [
      [
        [0, 1.5],
        [1.5, 0.5],
        [2, 2],
      ],
      [
        [0, 1],
        [1, 1],
        [2, 1],
        [3, 1],
      ],
      [
        [0, 0.75],
        [0.75, 0.25],
        [1, 2],
        [3, 1],
      ],
    ],
    cadences: [
      [
        [0, 3],
        [3, 1],
      ],
      [[0, 4]],
    ],
  },
}

function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)]!
}

function makeMelody(song: Song, bars: Bar[], rng: Rng): MelodyNote[] {
  const { motifs, cadences } = RHYTHMS[song.style]
  const motif = pick(rng, motifs)
  const answer = pick(rng, motifs)
  const cadence = pick(rng, cadences)
  const contour = (length: number) =>
    Array.from({ length }, () => pick(rng, [-2, -1, -1, 1, 1, 1, 2, 3, -3, 0]))
  const motifContour = contour(motif.length)
  const answerContour = contour(answer.length)
  const notes: MelodyNote[] = []
  let step = nearestChordTone(4, bars[0]!.degree)
  bars.forEach((bar, b) => {
    const last = b === bars.length - 1
    const rhythm = last ? cadence : b % 4 === 3 ? answer : motif
    const shape = b % 4 === 3 ? answerContour : motifContour
    // Each bar restarts the motif from the chord tone nearest to where the line left off, so the
    // same contour is heard as a sequence over the changing chords.
    step = nearestChordTone(step, bar.degree)
    rhythm.forEach(([onset, beats], k) => {
      if (k > 0) step += shape[k] ?? 0
      if (step > 9) step -= 3
      if (step < -1) step += 3
      const strong = onset % 2 === 0 || beats >= 1.5
      if (strong) step = nearestChordTone(step, bar.degree)
      if (last && k === rhythm.length - 1) step = Math.round(step / 7) * 7 + bar.degree - 1
      notes.push({ beat: b * 4 + onset, beats, step })
    })
  })
  return notes
}

// ---------------------------------------------------------------------------------------------
// Arrangement

interface Ctx {
  song: Song
  rng: Rng
  beat: number
  bus: (name: string) => Float32Array
  /** Seconds at `beat` beats into `bar`, with swing and a little human timing. */
  at: (bar: Bar, beat: number, humanise?: boolean) => number
}

function drumPattern(pattern: string, fn: (step: number, accent: boolean) => void): void {
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]
    if (c === 'x' || c === 'X') fn(i, c === 'X')
    else if (c === 'g') fn(i, false)
  }
}

const FUNK = {
  bass: {
    wave: 'saw',
    attack: 0.004,
    decay: 0.18,
    sustain: 0.55,
    release: 0.04,
    cutoff: 260,
    cutoffPeak: 1600,
    cutoffTime: 0.07,
  },
  keys: {
    wave: 'epiano',
    attack: 0.004,
    decay: 0.7,
    sustain: 0.25,
    release: 0.2,
    tremolo: { rate: 4.5, depth: 0.35 },
  },
  chank: {
    wave: 'pulse',
    duty: 0.3,
    attack: 0.002,
    decay: 0.05,
    sustain: 0,
    release: 0.02,
    cutoff: 2200,
  },
  whistle: {
    wave: 'sine',
    attack: 0.03,
    decay: 0.2,
    sustain: 0.8,
    release: 0.1,
    vibrato: { rate: 5.5, cents: 18, delay: 0.12 },
    scoop: -60,
  },
  lead: {
    wave: 'pulse',
    duty: 0.45,
    attack: 0.01,
    decay: 0.2,
    sustain: 0.7,
    release: 0.08,
    cutoff: 1500,
    cutoffPeak: 3500,
    cutoffTime: 0.1,
    vibrato: { rate: 5.5, cents: 15, delay: 0.18 },
  },
} satisfies Record<string, Instrument>

function funkBar(ctx: Ctx, bar: Bar, melody: MelodyNote[] | undefined): void {
  const { song, rng, bus } = ctx
  const drums = bus('drums')
  const sixteenth = (step: number) => ctx.at(bar, step / 4, true)
  const full = bar.section !== 'intro'
  if (full) {
    const kicks = bar.inSection % 2 === 0 ? 'x.....x...x..x..' : 'x..x..x...x.....'
    drumPattern(kicks, (s) => kick(drums, sixteenth(s), 0.9))
    drumPattern('....X..g....X.g.', (s, accent) =>
      snare(drums, sixteenth(s), accent ? 0.55 : 0.12, rng, { toneHz: 200 }),
    )
  }
  drumPattern('xxxxxxxxxxxxxxxx', (s) => {
    const open = s === 14 && bar.inSection % 2 === 1
    hat(
      drums,
      sixteenth(s),
      (s % 2 === 0 ? 0.26 : 0.13) * (0.8 + 0.4 * rng()),
      rng,
      open ? 0.18 : 0.03,
    )
  })

  const root = stepToMidi(song, bar.degree - 1, 0)
  const fifth = stepToMidi(song, bar.degree + 3, 0)
  const seventh = stepToMidi(song, bar.degree + 5, 0)
  if (full) {
    const line: Array<[number, number, number]> = [
      [0, 0.6, root],
      [0.75, 0.2, root],
      [1.5, 0.2, root + 12],
      [1.75, 0.2, seventh],
      [2, 0.45, fifth],
      [2.75, 0.2, root],
      [3, 0.4, root + 12],
      [
        3.5,
        0.4,
        bar.nextDegree === bar.degree ? fifth : stepToMidi(song, bar.nextDegree - 1, 0) - 1,
      ],
    ]
    for (const [beat, beats, midi] of line)
      playNote(bus('bass'), FUNK.bass, ctx.at(bar, beat, true), beats * ctx.beat, midi, 0.5)
  }

  const chord = voicing(song, bar.degree, 4, 55)
  const stabs =
    bar.inSection % 2 === 0
      ? [
          [0, 0.6],
          [1.75, 0.3],
          [2.5, 0.9],
        ]
      : [
          [0.5, 0.4],
          [1.5, 0.3],
          [2.75, 1],
        ]
  for (const [beat, beats] of stabs)
    for (const midi of chord)
      playNote(bus('keys'), FUNK.keys, ctx.at(bar, beat!, true), beats! * ctx.beat, midi, 0.12)

  if (bar.section === 'chorus')
    drumPattern('..x.x..x..x.x..x', (s) =>
      chord
        .slice(1)
        .forEach((midi) => playNote(bus('chank'), FUNK.chank, sixteenth(s), 0.05, midi + 12, 0.06)),
    )

  if (melody) {
    const inst = bar.section === 'chorus' ? FUNK.lead : FUNK.whistle
    const gain = bar.section === 'chorus' ? 0.16 : 0.2
    for (const n of melody)
      playNote(
        bus('lead'),
        inst,
        ctx.at(bar, n.beat, true),
        n.beats * ctx.beat * 0.9,
        stepToMidi(song, n.step, 2),
        gain,
      )
  }
}

const CHIP = {
  lead: {
    wave: 'pulse',
    duty: 0.25,
    attack: 0.002,
    decay: 0.12,
    sustain: 0.65,
    release: 0.03,
    vibrato: { rate: 6, cents: 25, delay: 0.15 },
  },
  harmony: { wave: 'pulse', duty: 0.5, attack: 0.002, decay: 0.1, sustain: 0.5, release: 0.03 },
  arp: { wave: 'pulse', duty: 0.125, attack: 0.001, decay: 0.06, sustain: 0.3, release: 0.01 },
  bass: { wave: 'triangle', attack: 0.002, decay: 0.05, sustain: 0.9, release: 0.01 },
} satisfies Record<string, Instrument>

function chipBar(ctx: Ctx, bar: Bar, melody: MelodyNote[] | undefined): void {
  const { song, rng, bus } = ctx
  const drums = bus('drums')
  const sixteenth = (step: number) => ctx.at(bar, step / 4)
  const fill = bar.inSection === bar.sectionBars - 1 && bar.section !== 'outro'
  if (bar.section !== 'intro') {
    drumPattern(fill ? 'x.....x.x.x.xxxx' : 'x.....x.x.......', (s) =>
      kick(drums, sixteenth(s), 0.7, { fromHz: 320, toHz: 60, sweep: 0.015, decay: 0.06 }),
    )
    drumPattern(fill ? '....x.....x.xxxx' : '....x.......x...', (s) =>
      chipNoise(drums, sixteenth(s), 0.35, rng, 0.07, 3),
    )
  }
  drumPattern('x.x.x.x.x.x.x.x.', (s) => chipNoise(drums, sixteenth(s), 0.12, rng, 0.012, 1))

  const root = stepToMidi(song, bar.degree - 1, 0)
  for (let e = 0; e < 8; e++) {
    const midi = e % 2 === 0 ? root : root + 12
    playNote(bus('bass'), CHIP.bass, ctx.at(bar, e / 2), ctx.beat * 0.42, midi, 0.55)
  }
  const chord = voicing(song, bar.degree, 3, 60)
  const arp = [...chord, chord[0]! + 12, ...chord.slice().reverse()]
  for (let s = 0; s < 16; s++)
    playNote(bus('arp'), CHIP.arp, sixteenth(s), ctx.beat * 0.2, arp[s % arp.length]!, 0.1)

  if (melody) {
    for (const n of melody) {
      const midi = stepToMidi(song, n.step, 2)
      playNote(bus('lead'), CHIP.lead, ctx.at(bar, n.beat), n.beats * ctx.beat * 0.92, midi, 0.2)
      // The chorus doubles the tune a diatonic third below, like two pulse channels in harmony.
      if (bar.section === 'chorus')
        playNote(
          bus('lead'),
          CHIP.harmony,
          ctx.at(bar, n.beat),
          n.beats * ctx.beat * 0.9,
          stepToMidi(song, n.step - 2, 2),
          0.08,
        )
    }
  }
}

const LOUNGE = {
  bass: {
    wave: 'triangle',
    attack: 0.008,
    decay: 0.3,
    sustain: 0.35,
    release: 0.08,
    cutoff: 600,
    cutoffPeak: 1500,
    cutoffTime: 0.05,
  },
  keys: {
    wave: 'epiano',
    attack: 0.006,
    decay: 0.9,
    sustain: 0.3,
    release: 0.3,
    tremolo: { rate: 3.5, depth: 0.25 },
  },
  vibes: {
    wave: 'bell',
    attack: 0.003,
    decay: 0.9,
    sustain: 0.2,
    release: 0.6,
    tremolo: { rate: 5, depth: 0.45 },
  },
} satisfies Record<string, Instrument>

function loungeBar(ctx: Ctx, bar: Bar, melody: MelodyNote[] | undefined): void {
  const { song, rng, bus } = ctx
  const drums = bus('drums')
  // Ride cymbal "ding, ding-a ding, ding-a", hi-hat foot on 2 and 4, brushes, feathered kick.
  for (const beat of [0, 1, 1.5, 2, 3, 3.5])
    hat(drums, ctx.at(bar, beat, true), beat % 1 === 0 ? 0.14 : 0.09, rng, 0.22)
  if (bar.section !== 'intro') {
    for (const beat of [1, 3]) {
      hat(drums, ctx.at(bar, beat), 0.2, rng, 0.015)
      snare(drums, ctx.at(bar, beat, true), 0.1, rng, { decay: 0.18, brightness: 0.2, toneHz: 160 })
    }
    for (let beat = 0; beat < 4; beat++) kick(drums, ctx.at(bar, beat), 0.22, { decay: 0.15 })
  }

  // Walking bass: root, a chord tone, another, then a chromatic step into the next root.
  const step = bar.degree - 1
  const nextRoot = stepToMidi(song, bar.nextDegree - 1, 0)
  const walk = [
    stepToMidi(song, step, 0),
    stepToMidi(song, step + pick(rng, [2, 1]), 0),
    stepToMidi(song, step + 4, 0),
    nextRoot + (rng() < 0.5 ? -1 : 1),
  ]
  walk.forEach((midi, beat) =>
    playNote(bus('bass'), LOUNGE.bass, ctx.at(bar, beat, true), ctx.beat * 0.9, midi, 0.6),
  )

  // Five-note chords: the ninth is what makes it sound like a hotel bar.
  const chord = voicing(song, bar.degree, 5, 56).slice(1)
  const comp =
    bar.inSection % 2 === 0
      ? [
          [0, 1.2],
          [1.5, 1.5],
        ]
      : [
          [0.5, 0.8],
          [2.5, 1.4],
        ]
  for (const [beat, beats] of comp)
    for (const midi of chord)
      playNote(bus('keys'), LOUNGE.keys, ctx.at(bar, beat!, true), beats! * ctx.beat, midi, 0.09)

  if (melody)
    for (const n of melody)
      playNote(
        bus('lead'),
        LOUNGE.vibes,
        ctx.at(bar, n.beat, true),
        n.beats * ctx.beat,
        stepToMidi(song, n.step, 2),
        0.22,
      )
}

const ORCH = {
  strings: {
    wave: 'saw',
    attack: 0.35,
    decay: 0.5,
    sustain: 0.85,
    release: 0.5,
    cutoff: 1300,
    detune: 11,
    vibrato: { rate: 5, cents: 8, delay: 0.2 },
  },
  ostinato: {
    wave: 'saw',
    attack: 0.01,
    decay: 0.12,
    sustain: 0.3,
    release: 0.05,
    cutoff: 700,
    cutoffPeak: 2400,
    cutoffTime: 0.05,
    detune: 7,
  },
  brass: {
    wave: 'saw',
    attack: 0.04,
    decay: 0.3,
    sustain: 0.6,
    release: 0.2,
    cutoff: 900,
    cutoffPeak: 2600,
    cutoffTime: 0.18,
    detune: 9,
  },
  horn: {
    wave: 'saw',
    attack: 0.06,
    decay: 0.3,
    sustain: 0.8,
    release: 0.25,
    cutoff: 1700,
    vibrato: { rate: 5.5, cents: 20, delay: 0.25 },
  },
  flute: {
    wave: 'triangle',
    attack: 0.05,
    decay: 0.2,
    sustain: 0.8,
    release: 0.2,
    vibrato: { rate: 5, cents: 14, delay: 0.2 },
  },
} satisfies Record<string, Instrument>

function orchestralBar(ctx: Ctx, bar: Bar, melody: MelodyNote[] | undefined): void {
  const { song, rng, bus } = ctx
  const drums = bus('drums')
  const tonicHz = midiToHz(stepToMidi(song, bar.degree - 1, -1))
  const timpani = (time: number, gain: number) =>
    kick(drums, time, gain, { fromHz: tonicHz * 1.25, toHz: tonicHz, sweep: 0.03, decay: 0.5 })
  timpani(ctx.at(bar, 0), 0.7 * bar.energy)
  const lastOfSection = bar.inSection === bar.sectionBars - 1
  if (lastOfSection && bar.section !== 'outro') {
    // A timpani roll growing into the next section.
    for (let i = 0; i < 16; i++) timpani(ctx.at(bar, 2 + i / 8), 0.15 + 0.03 * i)
    swell(drums, ctx.at(bar, 0), (4 * 60) / song.bpm, 0.12, rng)
  }
  if (bar.section === 'chorus' && bar.inSection === 0) hat(drums, ctx.at(bar, 0), 0.4, rng, 0.6)

  const chord = voicing(song, bar.degree, 3, 55)
  const bassNote = stepToMidi(song, bar.degree - 1, 0)
  for (const midi of [bassNote, ...chord, chord[0]! + 12])
    playNote(bus('strings'), ORCH.strings, ctx.at(bar, 0), 4 * ctx.beat, midi, 0.1)

  if (bar.section !== 'intro') {
    const per = bar.section === 'chorus' ? 16 : 8
    const pattern = [0, 0, 4, 0, 0, 0, 4, 3]
    for (let i = 0; i < per; i++) {
      const midi = stepToMidi(song, bar.degree - 1 + pattern[i % 8]!, 0)
      playNote(
        bus('ostinato'),
        ORCH.ostinato,
        ctx.at(bar, (i * 4) / per),
        (3 / per) * ctx.beat,
        midi,
        0.2,
      )
    }
  }
  if (bar.section === 'chorus' || bar.section === 'outro')
    for (const [beat, beats] of [
      [0, 1],
      [1.5, 0.4],
      [2, 1.5],
    ])
      for (const midi of voicing(song, bar.degree, 3, 48))
        playNote(bus('brass'), ORCH.brass, ctx.at(bar, beat!), beats! * ctx.beat, midi, 0.14)

  if (melody) {
    const inst = bar.section === 'chorus' ? ORCH.horn : ORCH.flute
    for (const n of melody)
      playNote(
        bus('lead'),
        inst,
        ctx.at(bar, n.beat),
        n.beats * ctx.beat,
        stepToMidi(song, n.step, 2),
        0.17,
      )
  }
}

const BAR_RENDERERS: Record<Style, (ctx: Ctx, bar: Bar, melody: MelodyNote[] | undefined) => void> =
  {
    funk: funkBar,
    chiptune: chipBar,
    lounge: loungeBar,
    orchestral: orchestralBar,
  }

/** How each style mixes its buses: level, and how much goes to the reverb. */
const MIX: Record<
  Style,
  { swing: number; reverb: number; buses: Record<string, [gain: number, send: number]> }
> = {
  funk: {
    swing: 0.16,
    reverb: 0.8,
    buses: { drums: [1, 0.05], bass: [1, 0], keys: [1, 0.25], chank: [1, 0.1], lead: [1, 0.3] },
  },
  chiptune: {
    swing: 0,
    reverb: 0,
    buses: { drums: [1, 0], bass: [1, 0], arp: [1, 0], lead: [1, 0] },
  },
  lounge: {
    swing: 0.33,
    reverb: 1,
    buses: { drums: [1, 0.15], bass: [1, 0.05], keys: [1, 0.3], lead: [1, 0.45] },
  },
  orchestral: {
    swing: 0,
    reverb: 1.3,
    buses: {
      drums: [1, 0.35],
      strings: [1, 0.6],
      ostinato: [1, 0.3],
      brass: [1, 0.4],
      lead: [1, 0.5],
    },
  },
}

/** Which sections carry the tune (the rest are accompaniment only). */
function hasMelody(section: Section): boolean {
  return section === 'verse' || section === 'chorus' || section === 'bridge'
}

/** Renders a song to mono samples in -1..1 at SAMPLE_RATE. */
export function renderSong(song: Song): Float32Array {
  const rng = createRng(song.seed)
  const bars = songBars(song)
  const beat = 60 / song.bpm
  const length = Math.ceil(songSeconds(song) * SAMPLE_RATE)
  const mix = MIX[song.style]
  const buses = new Map<string, Float32Array>()
  const bus = (name: string) => {
    let b = buses.get(name)
    if (!b) {
      b = new Float32Array(length)
      buses.set(name, b)
    }
    return b
  }
  const swingUnit = song.style === 'lounge' ? 0.5 : 0.25
  const at = (bar: Bar, beatInBar: number, humanise = false) => {
    // Swing stretches the first half of each pair of grid units and squeezes the second.
    const pair = Math.floor(beatInBar / (2 * swingUnit))
    const within = beatInBar - pair * 2 * swingUnit
    const s = mix.swing
    const swung =
      within < swingUnit ? within * (1 + s) : swingUnit * (1 + s) + (within - swingUnit) * (1 - s)
    const jitter = humanise ? (rng() - 0.5) * 0.012 : 0
    return (bar.index * 4 + pair * 2 * swingUnit + swung) * beat + jitter + 0.01
  }
  const ctx: Ctx = { song, rng, beat, bus, at }

  const melodies = new Map<Section, MelodyNote[]>()
  let sectionStart = 0
  for (const bar of bars) {
    if (bar.inSection === 0) sectionStart = bar.index
    let melody: MelodyNote[] | undefined
    if (hasMelody(bar.section)) {
      let whole = melodies.get(bar.section)
      if (!whole) {
        whole = makeMelody(song, bars.slice(sectionStart, sectionStart + bar.sectionBars), rng)
        melodies.set(bar.section, whole)
      }
      const from = bar.inSection * 4
      melody = whole
        .filter((n) => n.beat >= from && n.beat < from + 4)
        // The second time round, the tune climbs an octave in the last bar for a lift.
        .map((n) => ({
          ...n,
          beat: n.beat - from,
          step:
            bar.pass > 0 && bar.inSection === bar.sectionBars - 1 && n.step < 4
              ? n.step + 7
              : n.step,
        }))
    }
    BAR_RENDERERS[song.style](ctx, bar, melody)
  }

  if (song.style === 'chiptune') echo(bus('lead'), beat * 0.75, 0.3, 0.5)
  const out = new Float32Array(length)
  const send = new Float32Array(length)
  for (const [name, buf] of buses) {
    const [gain, sendLevel] = mix.buses[name] ?? [1, 0]
    for (let i = 0; i < length; i++) {
      out[i]! += buf[i]! * gain
      send[i]! += buf[i]! * sendLevel
    }
  }
  if (mix.reverb > 0) {
    const wet = reverb(send, mix.reverb)
    for (let i = 0; i < length; i++) out[i]! += wet[i]! * 0.6
  }
  if (song.style === 'funk') {
    // Lo-fi: a dull top end and a dusty record underneath.
    lowpass(out, 5000)
    vinylCrackle(out, 0.5, rng)
  }
  return master(out, TAIL + 0.5)
}
