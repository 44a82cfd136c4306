// Draws a Penny Pinchers state on its 360×540 canvas: the roommate on the landing holding a
// coin over Bertha's rent jar, the coin in flight (its position comes from the rules'
// `coinPosition`), the coins left, the jar's total and the state notice. Drawing only.
import { beginFrame, type Canvas2D, type RenderOptions } from '../canvas-2d'
import { PALETTE } from '../palette'
import { DISPLAY_FONT, drawNight, drawNotice, drawPill, roundedRect } from '../render-hud'
import { drawCoin, drawRoommate } from '../render-sprites'
import { ROOMMATES } from '../roommates'
import { PENNY_PINCHERS as P, coinPosition, contactMs, statusText, type PennyState } from './rules'

const COIN_R = 11

export function renderPennyPinchers(
  ctx: Canvas2D,
  state: PennyState,
  options: RenderOptions,
): void {
  beginFrame(ctx, P.width, P.height, options)
  drawNight(ctx, P.width, P.height)
  // Floorboards and the hallway wall.
  ctx.fillStyle = '#232a45'
  ctx.fillRect(0, 90, P.width, P.height - 90)
  ctx.fillStyle = '#4a3426'
  ctx.fillRect(0, P.jarBottomY + 14, P.width, P.height - P.jarBottomY - 14)

  if (state.roommate) {
    const holding = state.status === 'running' && state.drop === null && state.coins > 0
    drawRoommate(ctx, state.roommate, P.jarX - 62, P.handY + 44, 17, { facing: 1 })
    // The arm reaching over the jar, with the next coin in hand.
    ctx.lineCap = 'round'
    ctx.lineWidth = 7
    ctx.strokeStyle = ROOMMATES[state.roommate].skin
    ctx.beginPath()
    ctx.moveTo(P.jarX - 48, P.handY + 12)
    ctx.lineTo(P.jarX - 6, P.handY - 4)
    ctx.stroke()
    if (holding) drawCoin(ctx, P.jarX, P.handY - 6, COIN_R, 0)
  }

  drawJar(ctx, state, options.reducedMotion)

  if (state.drop) {
    const pos = coinPosition(state.drop)
    const bounced = state.drop.outcome === 'bounce' && state.drop.ageMs >= contactMs('bounce')
    drawCoin(ctx, pos.x, pos.y, COIN_R, options.reducedMotion ? 0 : pos.angle)
    if (bounced && state.drop.ageMs - contactMs('bounce') < 220) {
      drawBonk(ctx, P.jarX + state.drop.side * (P.jarMouthHalfWidth + 6), P.jarRimY - 16)
    }
  }

  drawPill(ctx, 10, 10, 108, 'Rent jar', `$${state.score} / ${P.goal}`, {
    bg: PALETTE.plaster,
    fg: PALETTE.cashGreen,
  })
  drawPill(ctx, 126, 10, 108, 'Coins', `${state.coins}`)
  // Coins left, as a little row of gold.
  for (let i = 0; i < state.coins; i++) {
    drawCoin(ctx, 252 + (i % 5) * 19, 20 + Math.floor(i / 5) * 18, 7, 0)
  }

  const text = statusText(state)
  if (text) {
    const tone = state.status === 'ended' ? (state.result === 'win' ? 'win' : 'lose') : 'info'
    drawNotice(ctx, P.width, P.height, text, subtitle(state, options.touch ?? false), tone)
  }
}

function subtitle(state: PennyState, touch: boolean): string | null {
  switch (state.status) {
    case 'idle':
      return state.roommate
        ? `${ROOMMATES[state.roommate].name} has ${P.coins} coins for $${P.goal} rent`
        : 'Dez, Rosie or Tubbs?'
    case 'paused':
      return touch ? 'Tap Resume to play on' : 'Press Space to resume'
    case 'running':
      return null
    case 'ended':
      return state.result === 'win'
        ? `$${state.score} in the jar. Bertha counts it twice.`
        : `Only $${state.score} of $${P.goal}. Press Reset.`
  }
}

function drawJar(ctx: Canvas2D, state: PennyState, still: boolean): void {
  const top = P.jarRimY
  const bottom = P.jarBottomY + 12
  const half = P.jarMouthHalfWidth + 16
  // Glass body.
  ctx.save()
  ctx.beginPath()
  ctx.moveTo(P.jarX - P.jarMouthHalfWidth, top)
  ctx.quadraticCurveTo(P.jarX - half - 8, top + 16, P.jarX - half, top + 40)
  ctx.lineTo(P.jarX - half, bottom - 12)
  ctx.quadraticCurveTo(P.jarX - half, bottom, P.jarX - half + 12, bottom)
  ctx.lineTo(P.jarX + half - 12, bottom)
  ctx.quadraticCurveTo(P.jarX + half, bottom, P.jarX + half, bottom - 12)
  ctx.lineTo(P.jarX + half, top + 40)
  ctx.quadraticCurveTo(P.jarX + half + 8, top + 16, P.jarX + P.jarMouthHalfWidth, top)
  ctx.fillStyle = 'rgba(191, 230, 207, 0.25)'
  ctx.fill()
  ctx.lineWidth = 3
  ctx.strokeStyle = PALETTE.plaster
  ctx.stroke()
  // Coins inside, stacked from the bottom.
  for (let i = 0; i < state.coinsInJar; i++) {
    const x = P.jarX - 30 + ((i * 23) % 60)
    const y = bottom - 10 - Math.floor(i / 3) * 7
    ctx.beginPath()
    ctx.ellipse(x, y, 12, 5, 0, 0, Math.PI * 2)
    ctx.fillStyle = PALETTE.lateFeeYellow
    ctx.fill()
    ctx.lineWidth = 1.5
    ctx.strokeStyle = PALETTE.ink
    ctx.stroke()
  }
  // Rim and the label: Bertha's handwriting.
  roundedRect(ctx, P.jarX - P.jarMouthHalfWidth - 6, top - 6, (P.jarMouthHalfWidth + 6) * 2, 12, 5)
  ctx.fillStyle = '#9aa0a8'
  ctx.fill()
  ctx.lineWidth = 2.5
  ctx.strokeStyle = PALETTE.ink
  ctx.stroke()
  ctx.translate(P.jarX, top + 62)
  if (!still) ctx.rotate(-0.04)
  ctx.fillStyle = PALETTE.plaster
  ctx.fillRect(-38, -15, 76, 30)
  ctx.strokeRect(-38, -15, 76, 30)
  ctx.fillStyle = PALETTE.evictionRed
  ctx.textAlign = 'center'
  ctx.textBaseline = 'middle'
  ctx.font = `17px ${DISPLAY_FONT}`
  ctx.fillText('RENT', 0, 1)
  ctx.restore()
}

function drawBonk(ctx: Canvas2D, x: number, y: number): void {
  ctx.save()
  ctx.textAlign = 'center'
  ctx.textBaseline = 'middle'
  ctx.font = `18px ${DISPLAY_FONT}`
  ctx.lineWidth = 4
  ctx.strokeStyle = PALETTE.ink
  ctx.strokeText('BONK!', x, y)
  ctx.fillStyle = PALETTE.lateFeeYellow
  ctx.fillText('BONK!', x, y)
  ctx.restore()
}
