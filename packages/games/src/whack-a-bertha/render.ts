// Draws a Whack-a-Bertha state: the front of the walk-up at night with eight plaster doors,
// Bertha (or a roommate) leaning out of them, the HUD and the state notice. A strike shakes the
// building for a moment, except under reduced motion. Drawing only.
import { beginFrame, type Canvas2D, type RenderOptions } from '../canvas-2d'
import { PALETTE } from '../palette'
import {
  drawNight,
  drawNotice,
  drawPill,
  formatClock,
  roundedRect,
  DISPLAY_FONT,
} from '../render-hud'
import { drawBertha, drawRoommate, drawStars } from '../render-sprites'
import { ROOMMATE_IDS } from '../roommates'
import {
  DOOR_RECTS,
  WHACK_A_BERTHA as W,
  popEndMs,
  statusText,
  timeLeftMs,
  visiblePops,
  type Pop,
  type WhackState,
} from './rules'

const RISE_MS = 110
const SHAKE_MS = 260

export function renderWhackABertha(ctx: Canvas2D, state: WhackState, options: RenderOptions): void {
  beginFrame(ctx, W.width, W.height, options)
  ctx.save()
  const t = state.elapsedMs
  if (
    !options.reducedMotion &&
    state.lastStrikeAtMs !== null &&
    t - state.lastStrikeAtMs < SHAKE_MS
  ) {
    const k = 1 - (t - state.lastStrikeAtMs) / SHAKE_MS
    ctx.translate(Math.sin(t / 14) * 6 * k, Math.cos(t / 11) * 3 * k)
  }
  drawFacade(ctx)
  const popping = new Map<number, Pop>()
  for (const pop of visiblePops(state)) popping.set(pop.door, pop)
  DOOR_RECTS.forEach((door, i) => {
    const pop = popping.get(i)
    drawDoor(ctx, door, pop !== undefined)
    if (pop) drawPop(ctx, door, pop, t, options.reducedMotion)
    if (state.lastMiss && state.lastMiss.door === i && t - state.lastMiss.atMs < 250) {
      drawKnock(ctx, door)
    }
  })
  ctx.restore()
  drawHud(ctx, state)

  const touch = options.touch ?? false
  const text = state.status === 'idle' ? startPrompt(touch) : statusText(state)
  if (text) {
    const tone = state.status === 'ended' ? (state.result === 'win' ? 'win' : 'lose') : 'info'
    drawNotice(ctx, W.width, W.height, text, subtitle(state, touch), tone)
  }
}

/** The idle game's invitation, in the words of the input in use (the page shows it too). */
export function startPrompt(touch: boolean): string {
  return touch ? 'Tap to start' : 'Click to start'
}

function subtitle(state: WhackState, touch: boolean): string | null {
  switch (state.status) {
    case 'idle':
      return 'Whack Bertha, spare the roommates!'
    case 'paused':
      return touch ? 'Tap Resume to play on' : 'Space to resume, R to reset'
    case 'running':
      return null
    case 'ended':
      return `Score ${state.score} of ${W.goal}. ${touch ? 'Tap Reset' : 'Press R'} to play again.`
  }
}

function drawFacade(ctx: Canvas2D): void {
  drawNight(ctx, W.width, W.height)
  // Brick-ish wall with a cornice, two floors, a stoop.
  ctx.fillStyle = '#6b3b34'
  ctx.fillRect(8, 104, W.width - 16, W.height - 104)
  ctx.fillStyle = 'rgba(27, 27, 31, 0.18)'
  for (let y = 112; y < W.height; y += 16) {
    for (let x = 8 + ((y / 16) % 2) * 14; x < W.width - 8; x += 28) ctx.fillRect(x, y, 26, 1.5)
  }
  ctx.fillStyle = PALETTE.plaster
  ctx.fillRect(0, 96, W.width, 12)
  ctx.fillStyle = '#3d2622'
  ctx.fillRect(8, 276, W.width - 16, 10)
  ctx.fillRect(8, W.height - 22, W.width - 16, 22)
  // The building sign, like the site header.
  ctx.save()
  ctx.textAlign = 'center'
  ctx.textBaseline = 'middle'
  ctx.font = `15px ${DISPLAY_FONT}`
  ctx.fillStyle = PALETTE.lateFeeYellow
  ctx.fillText('BRIGGS ARMS · APTS 1–8', W.width / 2, 88)
  ctx.restore()
}

function drawDoor(ctx: Canvas2D, d: { x: number; y: number; w: number; h: number }, open: boolean) {
  // Frame, then the dark doorway, then the plaster door (swung aside when someone leans out).
  roundedRect(ctx, d.x - 5, d.y - 5, d.w + 10, d.h + 7, 6)
  ctx.fillStyle = PALETTE.plaster
  ctx.fill()
  ctx.fillStyle = '#0b0f1c'
  ctx.fillRect(d.x, d.y, d.w, d.h)
  ctx.save()
  ctx.beginPath()
  if (open) {
    ctx.moveTo(d.x, d.y)
    ctx.lineTo(d.x + d.w * 0.22, d.y + 6)
    ctx.lineTo(d.x + d.w * 0.22, d.y + d.h - 4)
    ctx.lineTo(d.x, d.y + d.h)
  } else {
    ctx.rect(d.x, d.y, d.w, d.h)
  }
  ctx.closePath()
  ctx.fillStyle = '#e9dcc4'
  ctx.fill()
  ctx.lineWidth = 2.5
  ctx.strokeStyle = PALETTE.ink
  ctx.stroke()
  if (!open) {
    // Panels, knob, and the apartment number.
    ctx.lineWidth = 1.5
    ctx.strokeRect(d.x + 9, d.y + 12, d.w - 18, d.h * 0.36)
    ctx.strokeRect(d.x + 9, d.y + d.h * 0.52, d.w - 18, d.h * 0.38)
    ctx.beginPath()
    ctx.arc(d.x + d.w - 10, d.y + d.h * 0.5, 3.5, 0, Math.PI * 2)
    ctx.fillStyle = PALETTE.lateFeeYellow
    ctx.fill()
    ctx.stroke()
  }
  ctx.restore()
}

function drawPop(
  ctx: Canvas2D,
  d: { x: number; y: number; w: number; h: number },
  pop: Pop,
  t: number,
  still: boolean,
): void {
  const age = t - pop.startMs
  const left = popEndMs(pop) - t
  // Lean out and back in; reduced motion shows the head straight away.
  const k = still ? 1 : Math.min(1, age / RISE_MS, left / RISE_MS)
  const cx = d.x + d.w / 2 + 4
  const cy = d.y + d.h * 0.5 + (1 - k) * d.h * 0.45
  ctx.save()
  ctx.beginPath()
  ctx.rect(d.x, d.y, d.w, d.h)
  // Clip to the doorway so a head that is still rising stays inside it.
  ctx.clip()
  const whacked = pop.whackedAtMs !== null
  if (pop.kind === 'bertha') {
    drawBertha(ctx, cx, cy - 6, 18, whacked ? 'dizzy' : 'angry')
  } else {
    const id = ROOMMATE_IDS[pop.id % ROOMMATE_IDS.length] ?? 'dez'
    drawRoommate(ctx, id, cx, cy - 4, 17, { pose: 'bust', mood: whacked ? 'dizzy' : 'happy' })
  }
  if (whacked && pop.whackedAtMs !== null) {
    drawStars(ctx, cx, cy - 30, 22, still ? 0 : (t - pop.whackedAtMs) / 60)
  }
  ctx.restore()
  // The sill over the body so the figure reads as leaning out of the doorway.
  ctx.fillStyle = PALETTE.plaster
  ctx.fillRect(d.x - 5, d.y + d.h - 2, d.w + 10, 6)
  ctx.lineWidth = 2
  ctx.strokeStyle = PALETTE.ink
  ctx.strokeRect(d.x - 5, d.y + d.h - 2, d.w + 10, 6)
}

function drawKnock(ctx: Canvas2D, d: { x: number; y: number; w: number; h: number }): void {
  ctx.save()
  ctx.textAlign = 'center'
  ctx.textBaseline = 'middle'
  ctx.font = `16px ${DISPLAY_FONT}`
  ctx.fillStyle = PALETTE.lateFeeYellow
  ctx.fillText('KNOCK', d.x + d.w / 2, d.y + d.h / 2)
  ctx.restore()
}

function drawHud(ctx: Canvas2D, state: WhackState): void {
  drawPill(ctx, 10, 10, 108, 'Score', `${state.score} / ${W.goal}`)
  const urgent = state.status === 'running' && timeLeftMs(state) <= 5000
  drawPill(ctx, 126, 10, 108, 'Time', formatClock(timeLeftMs(state)), {
    bg: urgent ? PALETTE.evictionRed : PALETTE.plaster,
    fg: urgent ? PALETTE.plaster : PALETTE.ink,
  })
  const marks = Array.from({ length: W.maxStrikes }, (_, i) =>
    i < state.strikes ? '✖' : '○',
  ).join(' ')
  drawPill(ctx, 242, 10, 108, 'Strikes', marks, {
    bg: state.strikes > 0 ? '#ffd9de' : PALETTE.plaster,
    fg: PALETTE.evictionRed,
  })
}
