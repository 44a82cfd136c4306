// Regenerates the committed sample videos in supabase/media/ (see docs/media.md).
//
//   npx tsx --conditions=@rent-due/source scripts/make-sample-videos.ts
//
// Needs ffmpeg (with libvpx-vp9, libopus, drawtext) and the DejaVu fonts on the developer's
// machine; CI and users never run this, they use the committed files. Every picture is drawn by
// ffmpeg's own filters (coloured boxes and text moving by expressions of time t) and every
// soundtrack is a short jingle from our own synthesizer, so the videos are entirely original.
// Encoding is single-threaded with bit-exact flags, so the same ffmpeg build gives the same bytes.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { renderSong, type Song } from '@rent-due/sample-media/compose'
import { repoPath } from '@rent-due/sample-media/manifest'
import { SAMPLE_RATE } from '@rent-due/sample-media/synth'
import { SAMPLE_VIDEOS } from '@rent-due/sample-media/videos'
import { encodeWav } from '@rent-due/sample-media/wav'

const W = 480
const H = 270
const FPS = 15
/** The title card runs for this long before the scene starts. */
const CARD = 2

const font = (pattern: string) =>
  execFileSync('fc-match', ['-f', '%{file}', pattern], { encoding: 'utf8' }).trim()
const SANS = font('DejaVu Sans:bold')
const MONO = font('DejaVu Sans Mono')

const work = mkdtempSync(path.join(tmpdir(), 'rent-due-videos-'))
let textCount = 0

/** drawtext reads its text from a file, which spares us ffmpeg's escaping rules for ' : , \ */
function textFile(text: string): string {
  const file = path.join(work, `text-${textCount++}.txt`)
  writeFileSync(file, text)
  return file
}

type Expr = string | number

function box(x: Expr, y: Expr, w: Expr, h: Expr, color: string, enable?: string): string {
  const on = enable ? `:enable='${enable}'` : ''
  return `drawbox=x='${x}':y='${y}':w='${w}':h='${h}':color=${color}:t=fill${on}`
}

function frame(x: Expr, y: Expr, w: Expr, h: Expr, color: string, enable?: string): string {
  const on = enable ? `:enable='${enable}'` : ''
  return `drawbox=x='${x}':y='${y}':w='${w}':h='${h}':color=${color}:t=3${on}`
}

/** A box that moves or changes with time. drawbox evaluates its geometry only once, so moving
 * shapes are separate colour sources laid on with overlay, which re-evaluates x and y per frame. */
interface MovingBox {
  x: Expr
  y: Expr
  w: number
  h: number
  color: string
  enable?: string
}

type Layer = string | MovingBox

function mbox(x: Expr, y: Expr, w: number, h: number, color: string, enable?: string): MovingBox {
  return enable ? { x, y, w, h, color, enable } : { x, y, w, h, color }
}

/** Chains the layers over input 0 into a filtergraph whose output is labelled [v]. */
function filtergraph(layers: Layer[], seconds: number): string {
  const lines: string[] = []
  let current = '0:v'
  let chain: string[] = []
  let n = 0
  const flush = () => {
    if (chain.length === 0) return
    const next = `c${n++}`
    lines.push(`[${current}]${chain.join(',')}[${next}]`)
    current = next
    chain = []
  }
  for (const layer of layers) {
    if (typeof layer === 'string') {
      chain.push(layer)
      continue
    }
    flush()
    const src = `s${n}`
    const next = `c${n++}`
    const on = layer.enable ? `:enable='${layer.enable}'` : ''
    lines.push(
      `color=c=${layer.color}:s=${layer.w}x${layer.h}:r=${FPS}:d=${seconds},format=rgba[${src}]`,
    )
    lines.push(
      `[${current}][${src}]overlay=x='${layer.x}':y='${layer.y}':format=auto${on}[${next}]`,
    )
    current = next
  }
  chain.push('format=yuv420p')
  flush()
  return lines.join(';\n').replace(/\[([^\]]+)\]$/, '[v]')
}

interface TextOpts {
  x?: Expr
  y: Expr
  size: number
  color?: string
  alpha?: Expr
  enable?: string
  mono?: boolean
}

function text(content: string, o: TextOpts): string {
  const parts = [
    `fontfile='${o.mono ? MONO : SANS}'`,
    `textfile='${textFile(content)}'`,
    `x='${o.x ?? '(w-text_w)/2'}'`,
    `y='${o.y}'`,
    `fontsize=${o.size}`,
    `fontcolor=${o.color ?? 'white'}`,
    'line_spacing=6',
  ]
  if (o.alpha !== undefined) parts.push(`alpha='${o.alpha}'`)
  if (o.enable) parts.push(`enable='${o.enable}'`)
  return `drawtext=${parts.join(':')}`
}

/** Fades in over 0.4 s from `from` and out over 0.4 s before `to`. */
const fade = (from: number, to: number) => `clip(min((t-${from})/0.4,(${to}-t)/0.4),0,1)`

/** Title card, corner bug and sliding lower third shared by every BTS clip. */
function btsChrome(episode: number, title: string): string[] {
  return [
    box(0, 0, W, H, '0x15131c@1', `lt(t,${CARD})`),
    text(`EPISODE ${episode} — BEHIND THE SCENES`, { y: 110, size: 22, alpha: fade(0.1, CARD) }),
    text('RENT DUE', { y: 146, size: 14, color: '0xf2a93b', alpha: fade(0.3, CARD) }),
    box(6, 5, 150, 22, 'black@0.55', `gte(t,${CARD})`),
    text(`RENT DUE · BTS · EP ${episode}`, {
      x: 12,
      y: 10,
      size: 11,
      color: 'white@0.8',
      enable: `gte(t,${CARD})`,
    }),
    box(0, H - 40, W, 40, 'black@0.65', `gte(t,${CARD})`),
    box(`min(0,-200+(t-${CARD})*500)`, H - 40, 6, 40, '0xf2a93b', `gte(t,${CARD})`),
    text(title.toUpperCase(), {
      x: `min(16,-300+(t-${CARD})*700)`,
      y: H - 30,
      size: 18,
      enable: `gte(t,${CARD})`,
    }),
  ]
}

const after = (s: number) => `gte(t,${CARD + s})`

const SCENES: Record<string, { seconds: number; bg: string; draw: () => Layer[]; jingle: Song }> = {
  'episode-1-storyboards.webm': {
    seconds: 9,
    bg: '0x2a3b4c',
    draw: () => [
      ...[0, 1, 2].flatMap((i) => {
        const x = 22 + i * 153
        return [
          box(x, 40, 130, 110, '0xf5f0e6', after(i * 1.4)),
          frame(x, 40, 130, 110, '0x222222', after(i * 1.4)),
        ]
      }),
      box(60, 62, 40, 80, '0x8b5a2b', after(0)),
      box(90, 100, 5, 5, '0xf2c744', after(0)),
      text('KNOCK\nKNOCK', { x: 30, y: 50, size: 11, color: '0x222222', enable: after(0.4) }),
      box(205, 75, 60, 60, '0xc77dff', after(1.4)),
      ...[0, 1, 2, 3].map((k) => box(207 + k * 15, 66, 10, 10, '0xff8fab', after(1.4))),
      text('RENT.\nNOW.', { x: 188, y: 48, size: 11, color: '0xb00020', enable: after(1.8) }),
      box(345, 70, 18, 70, '0x3b82f6', after(2.8)),
      box(375, 105, 18, 35, '0xef4444', after(2.8)),
      box(405, 95, 40, 45, '0x22a06b', after(2.8)),
      text('...RUN!', { x: 350, y: 50, size: 11, color: '0x222222', enable: after(3.2) }),
      mbox(`22+mod((t-${CARD})*150,440)`, `150+6*sin(t*9)`, 18, 6, '0xf2c744', after(0)),
      text('SCENE 12 — THE KNOCK', { y: 170, size: 14, color: 'white@0.9', enable: after(0.2) }),
      ...btsChrome(1, 'Storyboards'),
    ],
    jingle: lounge(101, 116, 41),
  },
  'episode-1-table-read.webm': {
    seconds: 9,
    bg: '0x3d2f2a',
    draw: () => [
      box(80, 0, 320, H, '0xf5ecd7', after(0)),
      text(
        [
          'INT. APARTMENT 4B - THE 1ST, 9:00 AM',
          '',
          'BERTHA: (knocking) It is the first!',
          'DEZ: Of which month?',
          'ROSIE: I have three jobs and',
          '       none of them pay today.',
          'TUBBS: I made pancakes.',
          '       Does that count as rent?',
          'BERTHA: Pancakes are not legal tender.',
          'DEZ: Not with that attitude.',
          '',
          '(EVERYONE LAUGHS. BERTHA DOES NOT.)',
        ].join('\n'),
        {
          x: 92,
          y: `${H}-(t-${CARD})*34`,
          size: 11,
          color: '0x2d2a26',
          mono: true,
          enable: after(0),
        },
      ),
      ...btsChrome(1, 'Table Read'),
    ],
    jingle: funk(102, 92, 43),
  },
  'episode-2-voice-session.webm': {
    seconds: 8,
    bg: '0x1e2a38',
    draw: () => [
      box(70, 60, 50, 90, '0x9aa5b1', after(0)),
      ...[0, 1, 2, 3, 4, 5].map((k) => box(70, 68 + k * 12, 50, 3, '0x5c6670', after(0))),
      box(92, 150, 6, 50, '0x5c6670', after(0)),
      box(70, 198, 50, 6, '0x5c6670', after(0)),
      box(330, 30, 90, 26, '0xd62828', `gte(t,${CARD})*lt(mod(t,1),0.6)`),
      text('ON AIR', { x: 345, y: 36, size: 14, enable: `gte(t,${CARD})*lt(mod(t,1),0.6)` }),
      ...Array.from({ length: 12 }, (_, k) => {
        const h = `(8+70*abs(sin(t*${(3 + k * 0.7).toFixed(1)}+${k})))`
        return mbox(170 + k * 22, `205-${h}`, 16, 80, k > 8 ? '0xef4444' : '0x22c55e', after(0))
      }),
      // Hides the part of each meter bar below the baseline.
      box(160, 205, 290, 80, '0x1e2a38'),
      text('TAKE 14:\n"Rent? I thought that was\nmore of a suggestion."', {
        x: 170,
        y: 70,
        size: 13,
        enable: after(0.5),
      }),
      ...btsChrome(2, 'Voice Session'),
    ],
    jingle: funk(201, 100, 40),
  },
  'episode-2-foley-kitchen.webm': {
    seconds: 8,
    bg: '0x3b2f2f',
    draw: () => [
      box(0, 175, W, 55, '0x6b4f3a', after(0)),
      mbox(`150+4*sin(t*50)`, 140, 120, 26, '0x1c1c1c', after(0)),
      mbox(`270+4*sin(t*50)`, 148, 80, 8, '0x1c1c1c', after(0)),
      mbox(`185+4*sin(t*50)`, 132, 46, 12, '0xfafafa', after(0.5)),
      mbox(`200+4*sin(t*50)`, 130, 16, 12, '0xf2c744', after(0.5)),
      text('SFX: SIZZLE', {
        x: 280,
        y: `60+5*sin(t*12)`,
        size: 24,
        color: '0xf2c744',
        enable: after(0.8),
      }),
      text("Tubbs's pancakes: real pan, fake eggs", { y: 30, size: 13, enable: after(0.3) }),
      ...btsChrome(2, 'Foley Kitchen'),
    ],
    jingle: lounge(202, 108, 43),
  },
  'episode-3-animatic.webm': {
    seconds: 10,
    bg: '0x4a4e69',
    draw: () => [
      box(0, 180, W, 50, '0x9a8c98', after(0)),
      box(300, 60, 80, 60, '0x22223b', after(0)),
      frame(300, 60, 80, 60, '0xf2e9e4', after(0)),
      box(40, 140, 150, 40, '0xc9ada7', after(0)),
      mbox(`-90+(t-${CARD})*70`, 110, 80, 70, '0x22a06b', after(0)),
      mbox(`-70+(t-${CARD})*70`, 125, 10, 10, 'white', after(0)),
      mbox(`-45+(t-${CARD})*70`, 125, 10, 10, 'white', after(0)),
      mbox(`${W}-(t-${CARD + 3})*90`, 95, 55, 85, '0xc77dff', after(3)),
      ...[0, 1, 2].map((k) =>
        mbox(`${W + 4 + k * 16}-(t-${CARD + 3})*90`, 86, 12, 10, '0xff8fab', after(3)),
      ),
      text('FRAME %{eif:n:d:4}', { x: 380, y: 10, size: 11, mono: true, enable: after(0) }),
      text('SC 07 / ANIMATIC v3', {
        x: 12,
        y: 28,
        size: 11,
        mono: true,
        color: 'white@0.8',
        enable: after(0),
      }),
      text('TUBBS: Nobody home!', {
        x: 20,
        y: 60,
        size: 14,
        enable: `between(t,${CARD + 1},${CARD + 3.5})`,
      }),
      text('BERTHA: I can see you.', { x: 180, y: 30, size: 14, enable: after(4) }),
      ...btsChrome(3, 'Animatic'),
    ],
    jingle: funk(301, 96, 45),
  },
  'episode-3-background-paint.webm': {
    seconds: 9,
    bg: '0x87a8c8',
    draw: () => [
      // Road and walls go on in strokes, one strip at a time.
      ...[0, 1, 2, 3].map((k) => box(k * 120, 190, 120, 40, '0x55606b', after(k * 0.3))),
      ...[0, 1, 2, 3, 4].map((k) =>
        box(120, 40 + k * 30, 240, 30, '0xb5651d', after(0.3 + k * 0.3)),
      ),
      ...[0, 1, 2].flatMap((row) =>
        [0, 1, 2, 3].map((col) =>
          box(
            140 + col * 56,
            56 + row * 44,
            32,
            28,
            '0xfde68a',
            after(1.5 + row * 0.6 + col * 0.2),
          ),
        ),
      ),
      box(222, 160, 36, 30, '0x3f2a1d', after(3.8)),
      box(170, 22, 140, 22, '0x1f2937', after(4.2)),
      text('THE BRIGGS ARMS', { y: 27, size: 12, color: '0xf2a93b', enable: after(4.2) }),
      mbox(`390+10*sin(t*3)`, `120+30*sin(t*5)`, 8, 30, '0x8b5a2b', after(0)),
      ...btsChrome(3, 'Background Paint'),
    ],
    jingle: lounge(302, 112, 38),
  },
  'episode-4-colour-script.webm': {
    seconds: 9,
    bg: '0x111111',
    draw: () => {
      const swatches: Array<[string, string]> = [
        ['0xf8c291', 'DAWN'],
        ['0xf2a93b', "RENT O'CLOCK"],
        ['0xb5651d', 'LATE FEE'],
        ['0xd62828', 'EVICTION'],
        ['0x1d3557', 'NIGHT OFF'],
      ]
      return [
        ...swatches.flatMap(([color, label], i) => [
          mbox(
            14 + i * 92,
            `max(40,${H}-(t-${CARD + i * 0.8})*500)`,
            84,
            150,
            color,
            after(i * 0.8),
          ),
          text(label, { x: 18 + i * 92, y: 196, size: 10, enable: after(i * 0.8 + 0.3) }),
        ]),
        ...btsChrome(4, 'Colour Script'),
      ]
    },
    jingle: orchestral(401, 84, 38),
  },
  'episode-4-final-mix.webm': {
    seconds: 8,
    bg: '0x1f2024',
    draw: () => {
      const labels = ['DIAL', 'MUSIC', 'SFX', 'KNOCKS', 'BERTHA', 'SIGHS']
      return [
        box(40, 30, 400, 180, '0x2e3036', after(0)),
        ...labels.flatMap((label, i) => {
          const x = 70 + i * 62
          return [
            box(x + 9, 50, 4, 120, '0x0b0b0d', after(0)),
            mbox(x, `100+40*sin(t*${(1 + i * 0.4).toFixed(1)}+${i})`, 22, 14, '0xe5e7eb', after(0)),
            text(label, { x: x - 6, y: 180, size: 10, enable: after(0) }),
          ]
        }),
        ...btsChrome(4, 'Final Mix'),
      ]
    },
    jingle: orchestral(402, 90, 41),
  },
}

const PREVIEWS: Record<string, { shots: string[]; end: string; seed: number }> = {
  '1st': {
    shots: [
      'Dez bet the rent on a lemonade empire.',
      'Rosie worked a triple shift.',
      'Bertha found out.',
    ],
    end: 'THE 1ST',
    seed: 501,
  },
  '2nd': {
    shots: ['The boiler broke.', 'Tubbs blamed a ghost.', 'The ghost owed rent too.'],
    end: 'THE 2ND',
    seed: 502,
  },
  '3rd': {
    shots: ['Bertha changed the locks.', 'Dez climbed in the window.', 'It was the wrong window.'],
    end: 'THE 3RD',
    seed: 503,
  },
}

for (const [ordinal, p] of Object.entries(PREVIEWS)) {
  const colours = ['0x3b1f2b', '0x1f2b3b', '0x2b3b1f']
  SCENES[`previously-on-the-${ordinal}.webm`] = {
    seconds: 9,
    bg: '0x0d0d0d',
    draw: () => [
      text('PREVIOUSLY ON', { y: 100, size: 20, color: 'white@0.9', alpha: fade(0.1, 2) }),
      text('RENT DUE', { y: 130, size: 34, color: '0xf2a93b', alpha: fade(0.3, 2) }),
      ...p.shots.flatMap((shot, i) => {
        const from = 2 + i * 1.8
        const on = `between(t,${from},${from + 1.8})`
        return [
          box(0, 0, W, H, `${colours[i]}@1`, on),
          mbox(`${W}-(t-${from})*120`, 120, 160, 110, '0x000000@0.5', on),
          mbox(`60+(t-${from})*20`, 60, 70, 90, ['0x3b82f6', '0xef4444', '0xc77dff'][i]!, on),
          text(shot, { y: 210, size: 17, alpha: fade(from, from + 1.8), enable: on }),
        ]
      }),
      box(0, 0, W, H, '0xd62828@1', `gte(t,7.4)`),
      text(p.end, { y: 105, size: 40, enable: `gte(t,7.4)` }),
      text('RENT IS DUE.', { y: 160, size: 16, enable: `gte(t,7.7)` }),
    ],
    jingle: orchestral(p.seed, 92, 38),
  }
}

SCENES['header-loop.webm'] = {
  // Everything moves with a period that divides 8 s, so the last frame runs into the first.
  seconds: 8,
  bg: '0x141a33',
  draw: () => [
    box(380, 26, 34, 34, '0xf5f0e6'),
    mbox(`mod(t*75,${W + 240})-160`, 40, 130, 18, 'white@0.15'),
    mbox(`mod(t*75+300,${W + 240})-160`, 70, 90, 14, 'white@0.12'),
    box(0, 235, W, 35, '0x0b0f1f'),
    box(120, 70, 240, 165, '0x3a2a22'),
    box(110, 62, 260, 10, '0x2a1d17'),
    ...[0, 1, 2].flatMap((row) =>
      [0, 1, 2, 3].map((col) => {
        const phase = (row * 4 + col) * 0.7
        return box(
          140 + col * 56,
          86 + row * 44,
          32,
          28,
          '0xfde68a',
          `lt(mod(t+${phase.toFixed(1)},4),2.6)`,
        )
      }),
    ),
    box(222, 205, 36, 30, '0x1a120d'),
    box(170, 74, 140, 2, '0xf2a93b'),
    box(172, 44, 136, 22, '0x111111'),
    text('THE BRIGGS ARMS', { y: 49, size: 12, color: '0xef4444', alpha: `0.75+0.25*sin(t*2*PI)` }),
  ],
  jingle: lounge(0, 120, 40),
}

function song(
  seed: number,
  style: Song['style'],
  bpm: number,
  tonic: number,
  mode: Song['mode'],
): Song {
  const progressions: Record<Song['style'], [number[], number[]]> = {
    funk: [
      [1, 4, 1, 4],
      [3, 7, 4, 1],
    ],
    chiptune: [
      [1, 6, 4, 5],
      [4, 5, 1, 1],
    ],
    lounge: [
      [2, 5, 1, 6],
      [4, 3, 2, 5],
    ],
    orchestral: [
      [1, 6, 4, 5],
      [1, 4, 5, 1],
    ],
  }
  const [verse, chorus] = progressions[style]
  return {
    title: `jingle ${seed}`,
    seed,
    style,
    bpm,
    tonic,
    mode,
    verse,
    chorus,
    form: ['intro', 'verse', 'chorus'],
  }
}
function lounge(seed: number, bpm: number, tonic: number): Song {
  return song(seed, 'lounge', bpm, tonic, 'major')
}
function funk(seed: number, bpm: number, tonic: number): Song {
  return song(seed, 'funk', bpm, tonic, 'dorian')
}
function orchestral(seed: number, bpm: number, tonic: number): Song {
  return song(seed, 'orchestral', bpm, tonic, 'harmonicMinor')
}

function encode(file: string, out: string): void {
  const scene = SCENES[path.basename(file)]
  if (!scene) throw new Error(`No scene is defined for ${file}`)
  const { seconds } = scene
  const withAudio = !file.endsWith('header-loop.webm')
  const graph = path.join(work, 'graph.txt')
  writeFileSync(graph, filtergraph(scene.draw(), seconds))
  const args = ['-hide_banner', '-loglevel', 'error', '-y']
  args.push('-f', 'lavfi', '-i', `color=c=${scene.bg}:s=${W}x${H}:r=${FPS}:d=${seconds}`)
  if (withAudio) {
    const wav = path.join(work, 'jingle.wav')
    writeFileSync(wav, encodeWav(renderSong(scene.jingle), SAMPLE_RATE))
    args.push('-i', wav)
  }
  args.push('-filter_complex_script', graph, '-map', '[v]')
  args.push(
    ...['-c:v', 'libvpx-vp9', '-pix_fmt', 'yuv420p', '-crf', '40', '-b:v', '0'],
    ...['-deadline', 'good', '-cpu-used', '2', '-threads', '1', '-row-mt', '0'],
    // A keyframe every 2 s keeps seeking snappy; the muxer writes Cues for seeking.
    ...['-g', String(FPS * 2), '-t', String(seconds)],
  )
  if (withAudio)
    args.push(
      ...['-map', '1:a', '-c:a', 'libopus', '-b:a', '32k', '-ac', '1', '-ar', '48000'],
      ...['-af', `afade=t=out:st=${seconds - 1.2}:d=1.2`],
    )
  args.push(...['-fflags', '+bitexact', '-flags', '+bitexact', '-map_metadata', '-1', out])
  execFileSync('ffmpeg', args, { stdio: 'inherit' })
}

try {
  let total = 0
  for (const video of SAMPLE_VIDEOS) {
    const out = repoPath(video.file)
    mkdirSync(path.dirname(out), { recursive: true })
    encode(video.file, out)
    const size = statSync(out).size
    total += size
    console.log(`${video.file}  ${(size / 1024).toFixed(0)} KB`)
  }
  console.log(`total ${(total / 1024).toFixed(0)} KB`)
} finally {
  rmSync(work, { recursive: true, force: true })
}
