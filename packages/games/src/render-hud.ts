// Canvas pieces every game's HUD shares: rounded boxes, score/timer pills, the stamped notice
// that carries state text (PAUSED, YOU WIN, Game Over!), and confetti. Drawing only.
import type { Canvas2D } from './canvas-2d'
import { PALETTE } from './palette'

/** Display face first (the site loads Bangers); the fallbacks keep the canvas readable meanwhile. */
export const DISPLAY_FONT = 'Bangers, "Luckiest Guy", Impact, "Arial Black", sans-serif'
export const TEXT_FONT = 'Inter, Nunito, system-ui, sans-serif'

export function roundedRect(ctx: Canvas2D, x: number, y: number, w: number, h: number, r: number) {
  const k = Math.min(r, w / 2, h / 2)
  ctx.beginPath()
  ctx.moveTo(x + k, y)
  ctx.lineTo(x + w - k, y)
  ctx.quadraticCurveTo(x + w, y, x + w, y + k)
  ctx.lineTo(x + w, y + h - k)
  ctx.quadraticCurveTo(x + w, y + h, x + w - k, y + h)
  ctx.lineTo(x + k, y + h)
  ctx.quadraticCurveTo(x, y + h, x, y + h - k)
  ctx.lineTo(x, y + k)
  ctx.quadraticCurveTo(x, y, x + k, y)
  ctx.closePath()
}

/** A label on a paper tag: "$ 740", "0:21", "✕✕". */
export function drawPill(
  ctx: Canvas2D,
  x: number,
  y: number,
  w: number,
  label: string,
  value: string,
  colours: { bg: string; fg: string } = { bg: PALETTE.plaster, fg: PALETTE.ink },
): void {
  ctx.save()
  roundedRect(ctx, x, y, w, 38, 10)
  ctx.fillStyle = colours.bg
  ctx.fill()
  ctx.lineWidth = 2.5
  ctx.strokeStyle = PALETTE.ink
  ctx.stroke()
  ctx.fillStyle = colours.fg
  ctx.textBaseline = 'middle'
  ctx.textAlign = 'left'
  ctx.font = `700 10px ${TEXT_FONT}`
  ctx.fillText(label.toUpperCase(), x + 9, y + 11)
  ctx.font = `22px ${DISPLAY_FONT}`
  ctx.fillText(value, x + 9, y + 26, w - 14)
  ctx.restore()
}

export type NoticeTone = 'info' | 'win' | 'lose'

/**
 * The state notice: a slightly tilted sheet of plaster paper with a rubber-stamp headline
 * (red for bad news, green PAID-style for wins) over a dimmed playfield.
 */
export function drawNotice(
  ctx: Canvas2D,
  width: number,
  height: number,
  title: string,
  subtitle: string | null,
  tone: NoticeTone,
): void {
  const stamp =
    tone === 'win' ? PALETTE.cashGreen : tone === 'lose' ? PALETTE.evictionRed : PALETTE.ink
  const w = Math.min(width - 40, 300)
  const h = subtitle ? 128 : 92
  ctx.save()
  ctx.fillStyle = 'rgba(20, 26, 46, 0.55)'
  ctx.fillRect(0, 0, width, height)
  ctx.translate(width / 2, height / 2)
  ctx.rotate(-0.03)
  // Shadow, paper, tape.
  ctx.fillStyle = 'rgba(0, 0, 0, 0.35)'
  roundedRect(ctx, -w / 2 + 5, -h / 2 + 7, w, h, 6)
  ctx.fill()
  ctx.fillStyle = PALETTE.plaster
  roundedRect(ctx, -w / 2, -h / 2, w, h, 6)
  ctx.fill()
  ctx.fillStyle = 'rgba(244, 196, 48, 0.75)'
  ctx.save()
  ctx.translate(0, -h / 2)
  ctx.rotate(0.06)
  ctx.fillRect(-34, -9, 68, 18)
  ctx.restore()
  // The stamp: outlined box, uppercase display face.
  ctx.textAlign = 'center'
  ctx.textBaseline = 'middle'
  ctx.font = `${fitSize(title, w - 44)}px ${DISPLAY_FONT}`
  const titleY = subtitle ? -h / 2 + 44 : 0
  ctx.strokeStyle = stamp
  ctx.lineWidth = 3
  roundedRect(ctx, -w / 2 + 14, titleY - 24, w - 28, 48, 4)
  ctx.stroke()
  ctx.fillStyle = stamp
  ctx.fillText(title.toUpperCase(), 0, titleY + 2, w - 40)
  if (subtitle) {
    ctx.fillStyle = PALETTE.ink
    ctx.font = `600 14px ${TEXT_FONT}`
    ctx.fillText(subtitle, 0, h / 2 - 30, w - 24)
  }
  ctx.restore()
}

/** A display size that keeps a headline on one line in roughly `room` px. */
function fitSize(text: string, room: number): number {
  return Math.max(18, Math.min(34, Math.floor((room / Math.max(1, text.length)) * 1.9)))
}

export const CONFETTI_COLOURS = [
  PALETTE.evictionRed,
  PALETTE.lateFeeYellow,
  PALETTE.cashGreen,
  PALETTE.plaster,
] as const

export function drawConfetti(
  ctx: Canvas2D,
  pieces: readonly { x: number; y: number; angle: number; colour: number }[],
): void {
  ctx.save()
  for (const p of pieces) {
    ctx.save()
    ctx.translate(p.x, p.y)
    ctx.rotate(p.angle)
    ctx.fillStyle = CONFETTI_COLOURS[p.colour % CONFETTI_COLOURS.length] as string
    ctx.fillRect(-5, -3, 10, 6)
    ctx.restore()
  }
  ctx.restore()
}

/** "0:07" style clock; rounds up so the last second reads 0:01 until it is really over. */
export function formatClock(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000))
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}

/** A night sky with a few fixed stars, shared by the outdoor scenes. */
export function drawNight(ctx: Canvas2D, width: number, height: number): void {
  ctx.fillStyle = PALETTE.nightBlock
  ctx.fillRect(0, 0, width, height)
  ctx.fillStyle = 'rgba(246, 239, 226, 0.55)'
  for (let i = 0; i < 24; i++) {
    // A fixed scatter (no randomness in a renderer): golden-ratio steps across the sky.
    const x = ((i * 0.618034) % 1) * width
    const y = ((i * 0.381966 * 7) % 1) * height * 0.45
    ctx.fillRect(x, y, i % 3 === 0 ? 2 : 1, i % 3 === 0 ? 2 : 1)
  }
}
