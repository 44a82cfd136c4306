// Draws a Bill Collector state: the alley behind the building at night, falling cash and bills,
// the chosen roommate, the HUD (wallet, round, timer, goal bar, best) and the state notice.
// Drawing only: everything it shows comes from the state.
import { beginFrame, type Canvas2D, type RenderOptions } from '../canvas-2d'
import { PALETTE } from '../palette'
import {
  DISPLAY_FONT,
  TEXT_FONT,
  drawConfetti,
  drawNight,
  drawNotice,
  drawPill,
  formatClock,
  roundedRect,
} from '../render-hud'
import { drawBill, drawDollar, drawRoommate } from '../render-sprites'
import { ROOMMATES } from '../roommates'
import { BILL_COLLECTOR as C, statusText, type BillCollectorState } from './rules'

export function renderBillCollector(
  ctx: Canvas2D,
  state: BillCollectorState,
  options: RenderOptions,
): void {
  beginFrame(ctx, C.width, C.height, options)
  drawBackdrop(ctx)

  const still = options.reducedMotion
  for (const item of state.items) {
    // Bills flutter, dollars sway: a little rotation from the clock, none under reduced motion.
    const wobble = still ? 0 : Math.sin(state.clockMs / 180 + item.spin * 6.28) * 0.35
    if (item.kind === 'dollar') drawDollar(ctx, item.x, item.y, C.itemRadius, wobble * 0.6)
    else drawBill(ctx, item.x, item.y, C.itemRadius, wobble)
  }

  if (state.roommate) {
    const bob = still || state.status !== 'running' ? 0 : Math.abs(Math.sin(state.clockMs / 90)) * 3
    const moving = state.status === 'running' && state.phase === 'play'
    drawRoommate(
      ctx,
      state.roommate,
      state.playerX,
      C.playerY + C.playerRadius + 8 - (moving ? bob : 0),
      17,
      {
        facing: state.facing,
      },
    )
  }

  drawCatchPop(ctx, state, still)
  drawHud(ctx, state)

  if (!still && state.confetti.length > 0) drawConfetti(ctx, state.confetti)

  const text = statusText(state)
  if (text) {
    const tone = state.status === 'ended' ? (state.result === 'win' ? 'win' : 'lose') : 'info'
    drawNotice(ctx, C.width, C.height, text, subtitle(state, options.touch ?? false), tone)
  }
}

function subtitle(state: BillCollectorState, touch: boolean): string | null {
  switch (state.status) {
    case 'idle':
      return state.roommate
        ? `${ROOMMATES[state.roommate].name} needs $${C.goal} by the end of round 5`
        : 'Dez, Rosie or Tubbs?'
    case 'paused':
      return touch ? 'Tap Resume to play on' : 'Press Space to resume'
    case 'ended':
      return state.result === 'win'
        ? `$${state.wallet} in hand. Bertha can't believe it.`
        : `Only $${state.wallet} of $${C.goal}. Press Reset to try again.`
    case 'running':
      return state.phase === 'message' && state.round === 1
        ? 'Catch the cash, dodge the bills!'
        : state.phase === 'message'
          ? `Wallet $${state.wallet} of $${C.goal}`
          : null
  }
}

function drawBackdrop(ctx: Canvas2D): void {
  drawNight(ctx, C.width, C.height)
  // The building's back wall with lit windows, then the alley ground.
  ctx.fillStyle = '#232a45'
  ctx.fillRect(0, 150, C.width, C.height - 150)
  for (let row = 0; row < 4; row++) {
    for (let col = 0; col < 4; col++) {
      const lit = (row * 3 + col * 5) % 4 !== 0
      ctx.fillStyle = lit ? 'rgba(244, 196, 48, 0.28)' : 'rgba(246, 239, 226, 0.06)'
      ctx.fillRect(28 + col * 84, 180 + row * 88, 50, 56)
    }
  }
  ctx.fillStyle = '#1a1f33'
  ctx.fillRect(0, C.playerY + C.playerRadius + 8, C.width, C.height)
  ctx.fillStyle = PALETTE.mildewTeal
  ctx.fillRect(0, C.playerY + C.playerRadius + 8, C.width, 4)
}

function drawCatchPop(ctx: Canvas2D, state: BillCollectorState, still: boolean): void {
  const c = state.lastCatch
  if (!c) return
  const age = state.clockMs - c.atMs
  if (age < 0 || age > 600) return
  const rise = still ? 0 : age / 20
  ctx.save()
  ctx.globalAlpha = 1 - age / 600
  ctx.textAlign = 'center'
  ctx.textBaseline = 'middle'
  ctx.font = `26px ${DISPLAY_FONT}`
  ctx.lineWidth = 4
  ctx.strokeStyle = PALETTE.ink
  const label = c.kind === 'dollar' ? `+$${C.dollarValue}` : `-$${C.billPenalty}`
  const y = C.playerY - 70 - rise
  ctx.strokeText(label, c.x, y)
  ctx.fillStyle = c.kind === 'dollar' ? '#6fdc9c' : '#ff6b7d'
  ctx.fillText(label, c.x, y)
  ctx.restore()
}

function drawHud(ctx: Canvas2D, state: BillCollectorState): void {
  const playing = state.status !== 'idle'
  drawPill(ctx, 10, 10, 108, 'Wallet', `$${state.wallet}`, {
    bg: PALETTE.plaster,
    fg: PALETTE.cashGreen,
  })
  drawPill(ctx, 126, 10, 108, 'Round', playing ? `${state.round} / ${C.roundSeconds.length}` : '-')
  const time =
    playing && state.phase === 'play'
      ? state.timeLeftMs
      : playing
        ? (C.roundSeconds[state.round - 1] ?? 0) * 1000
        : 0
  const urgent = state.status === 'running' && state.phase === 'play' && state.timeLeftMs <= 5000
  drawPill(ctx, 242, 10, 108, 'Time', playing ? formatClock(time) : '-', {
    bg: urgent ? PALETTE.evictionRed : PALETTE.plaster,
    fg: urgent ? PALETTE.plaster : PALETTE.ink,
  })

  // The rent bar: how much of the $1500 is in hand.
  const share = Math.min(1, state.wallet / C.goal)
  roundedRect(ctx, 10, 56, C.width - 20, 14, 7)
  ctx.fillStyle = 'rgba(246, 239, 226, 0.15)'
  ctx.fill()
  if (share > 0) {
    roundedRect(ctx, 10, 56, Math.max(14, (C.width - 20) * share), 14, 7)
    ctx.fillStyle = PALETTE.cashGreen
    ctx.fill()
  }
  roundedRect(ctx, 10, 56, C.width - 20, 14, 7)
  ctx.lineWidth = 2
  ctx.strokeStyle = PALETTE.plaster
  ctx.stroke()
  ctx.fillStyle = PALETTE.plaster
  ctx.font = `600 11px ${TEXT_FONT}`
  ctx.textBaseline = 'top'
  ctx.textAlign = 'left'
  ctx.fillText(`RENT $${C.goal}`, 12, 76)
  ctx.textAlign = 'right'
  ctx.fillText(`BEST $${state.best}`, C.width - 12, 76)
}
