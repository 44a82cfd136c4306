// The cast and props, drawn with canvas paths in one style: thick ink outlines, flat colour, big
// eyes. Every function draws around (x, y) at a given size and leaves the context as it found it.
import type { Canvas2D } from './canvas-2d'
import { PALETTE } from './palette'
import { ROOMMATES, type RoommateId } from './roommates'
import { DISPLAY_FONT, roundedRect } from './render-hud'

const INK = PALETTE.ink

function outlined(ctx: Canvas2D, fill: string, width = 3): void {
  ctx.fillStyle = fill
  ctx.fill()
  ctx.lineWidth = width
  ctx.strokeStyle = INK
  ctx.stroke()
}

function circle(ctx: Canvas2D, x: number, y: number, r: number): void {
  ctx.beginPath()
  ctx.arc(x, y, r, 0, Math.PI * 2)
}

function eyes(ctx: Canvas2D, x: number, y: number, gap: number, r: number, look: number): void {
  for (const side of [-1, 1]) {
    circle(ctx, x + side * gap, y, r)
    outlined(ctx, '#ffffff', 2)
    circle(ctx, x + side * gap + look * r * 0.35, y + r * 0.1, r * 0.45)
    ctx.fillStyle = INK
    ctx.fill()
  }
}

function dizzyEyes(ctx: Canvas2D, x: number, y: number, gap: number, r: number): void {
  ctx.lineWidth = 2.5
  ctx.strokeStyle = INK
  for (const side of [-1, 1]) {
    const cx = x + side * gap
    ctx.beginPath()
    ctx.moveTo(cx - r * 0.7, y - r * 0.7)
    ctx.lineTo(cx + r * 0.7, y + r * 0.7)
    ctx.moveTo(cx + r * 0.7, y - r * 0.7)
    ctx.lineTo(cx - r * 0.7, y + r * 0.7)
    ctx.stroke()
  }
}

/**
 * Bertha Briggs from the chest up: purple housecoat, curlers in grey hair, cat-eye glasses, a scowl.
 * `size` is the head radius. Dizzy after a whack.
 */
export function drawBertha(
  ctx: Canvas2D,
  x: number,
  y: number,
  size: number,
  mood: 'angry' | 'dizzy' = 'angry',
): void {
  const r = size
  ctx.save()
  // Robe and collar.
  ctx.beginPath()
  ctx.moveTo(x - r * 1.35, y + r * 2.2)
  ctx.quadraticCurveTo(x - r * 1.3, y + r * 0.9, x, y + r * 0.85)
  ctx.quadraticCurveTo(x + r * 1.3, y + r * 0.9, x + r * 1.35, y + r * 2.2)
  ctx.closePath()
  outlined(ctx, '#8e6bbf')
  ctx.beginPath()
  ctx.moveTo(x - r * 0.5, y + r * 0.9)
  ctx.lineTo(x, y + r * 1.6)
  ctx.lineTo(x + r * 0.5, y + r * 0.9)
  outlined(ctx, '#c7b3e6', 2.5)
  // Hair mass behind the face.
  circle(ctx, x, y - r * 0.15, r * 1.12)
  outlined(ctx, '#9aa0a8')
  // Face.
  ctx.beginPath()
  ctx.ellipse(x, y + r * 0.1, r * 0.9, r * 0.95, 0, 0, Math.PI * 2)
  outlined(ctx, '#f0c09a')
  // Curlers: a row of little pink rollers across the top.
  for (let i = -2; i <= 2; i++) {
    const cx = x + i * r * 0.42
    const cy = y - r * 0.95 + Math.abs(i) * r * 0.14
    roundedRect(ctx, cx - r * 0.19, cy - r * 0.14, r * 0.38, r * 0.28, r * 0.1)
    outlined(ctx, i % 2 === 0 ? '#ff7eb6' : '#8ad0d6', 2)
  }
  if (mood === 'dizzy') {
    dizzyEyes(ctx, x, y, r * 0.36, r * 0.22)
  } else {
    eyes(ctx, x, y, r * 0.36, r * 0.22, 0)
    // Cat-eye glasses and angry brows.
    ctx.lineWidth = 2.5
    ctx.strokeStyle = PALETTE.evictionRed
    for (const side of [-1, 1]) {
      ctx.beginPath()
      ctx.ellipse(x + side * r * 0.36, y, r * 0.3, r * 0.26, 0, 0, Math.PI * 2)
      ctx.stroke()
    }
    ctx.strokeStyle = INK
    ctx.lineWidth = 3
    ctx.beginPath()
    ctx.moveTo(x - r * 0.62, y - r * 0.42)
    ctx.lineTo(x - r * 0.14, y - r * 0.26)
    ctx.moveTo(x + r * 0.62, y - r * 0.42)
    ctx.lineTo(x + r * 0.14, y - r * 0.26)
    ctx.stroke()
  }
  // Mouth: a tight frown, or a wobbly O when dizzy.
  ctx.beginPath()
  if (mood === 'dizzy') {
    ctx.ellipse(x, y + r * 0.55, r * 0.16, r * 0.2, 0, 0, Math.PI * 2)
    outlined(ctx, '#7a2230', 2)
  } else {
    ctx.moveTo(x - r * 0.3, y + r * 0.62)
    ctx.quadraticCurveTo(x, y + r * 0.4, x + r * 0.3, y + r * 0.62)
    ctx.lineWidth = 3
    ctx.strokeStyle = INK
    ctx.stroke()
  }
  ctx.restore()
}

/** Dizzy stars circling a head: the "bonk" of a whack. `phase` turns them. */
export function drawStars(ctx: Canvas2D, x: number, y: number, radius: number, phase: number) {
  ctx.save()
  ctx.fillStyle = PALETTE.lateFeeYellow
  ctx.strokeStyle = INK
  ctx.lineWidth = 1.5
  for (let i = 0; i < 3; i++) {
    const a = phase + (i * Math.PI * 2) / 3
    const sx = x + Math.cos(a) * radius
    const sy = y + Math.sin(a) * radius * 0.35
    ctx.beginPath()
    for (let k = 0; k < 10; k++) {
      const rr = k % 2 === 0 ? 7 : 3
      const ang = -Math.PI / 2 + (k * Math.PI) / 5
      const px = sx + Math.cos(ang) * rr
      const py = sy + Math.sin(ang) * rr
      if (k === 0) ctx.moveTo(px, py)
      else ctx.lineTo(px, py)
    }
    ctx.closePath()
    ctx.fill()
    ctx.stroke()
  }
  ctx.restore()
}

function roommateHair(
  ctx: Canvas2D,
  id: RoommateId,
  x: number,
  y: number,
  r: number,
  hair: string,
) {
  ctx.beginPath()
  switch (id) {
    case 'dez':
      // A tall flat-top.
      roundedRect(ctx, x - r * 0.85, y - r * 1.55, r * 1.7, r * 0.95, r * 0.2)
      break
    case 'rosie':
      // A big top bun over a swoop of hair.
      circle(ctx, x, y - r * 1.35, r * 0.5)
      outlined(ctx, hair)
      ctx.beginPath()
      ctx.ellipse(x, y - r * 0.55, r * 1.02, r * 0.62, 0, Math.PI, Math.PI * 2)
      ctx.closePath()
      break
    case 'tubbs':
      // A slouchy beanie in his colour key.
      ctx.ellipse(x, y - r * 0.6, r * 1.05, r * 0.75, 0, Math.PI, Math.PI * 2)
      ctx.closePath()
      outlined(ctx, PALETTE.evictionRed)
      roundedRect(ctx, x - r * 1.08, y - r * 0.72, r * 2.16, r * 0.3, r * 0.12)
      outlined(ctx, '#b51f33', 2.5)
      circle(ctx, x + r * 0.2, y - r * 1.42, r * 0.2)
      outlined(ctx, PALETTE.plaster, 2)
      return
  }
  outlined(ctx, hair)
}

/**
 * A roommate, full figure, standing on (x, y) = feet. `size` is the head radius; `facing`
 * turns the eyes; `pose` 'bust' draws head and shoulders only (peeking out of a door).
 */
export function drawRoommate(
  ctx: Canvas2D,
  id: RoommateId,
  x: number,
  y: number,
  size: number,
  options: { facing?: -1 | 0 | 1; pose?: 'full' | 'bust'; mood?: 'happy' | 'dizzy' } = {},
): void {
  const look = ROOMMATES[id]
  const r = size
  const facing = options.facing ?? 0
  const bust = options.pose === 'bust'
  // Tubbs is the round one, Rosie the slim one, Dez in between: three silhouettes.
  const girth = id === 'tubbs' ? 1.45 : id === 'rosie' ? 0.95 : 1.15
  const headY = bust ? y : y - r * 3.2
  ctx.save()
  if (!bust) {
    // Legs.
    ctx.lineCap = 'round'
    ctx.lineWidth = r * 0.34
    ctx.strokeStyle = INK
    ctx.beginPath()
    ctx.moveTo(x - r * 0.35, y - r * 1.1)
    ctx.lineTo(x - r * 0.4, y - r * 0.1)
    ctx.moveTo(x + r * 0.35, y - r * 1.1)
    ctx.lineTo(x + r * 0.4, y - r * 0.1)
    ctx.stroke()
  }
  // Body.
  ctx.beginPath()
  if (bust) {
    ctx.ellipse(x, headY + r * 1.75, r * girth, r * 0.95, 0, Math.PI, Math.PI * 2)
    ctx.closePath()
  } else {
    ctx.ellipse(x, y - r * 1.65, r * girth, r * 1.05, 0, 0, Math.PI * 2)
  }
  outlined(ctx, look.body)
  // Head.
  circle(ctx, x, headY, r)
  outlined(ctx, look.skin)
  roommateHair(ctx, id, x, headY, r, look.hair)
  if (options.mood === 'dizzy') {
    dizzyEyes(ctx, x, headY + r * 0.05, r * 0.36, r * 0.24)
  } else {
    eyes(ctx, x + facing * r * 0.12, headY + r * 0.05, r * 0.36, r * 0.26, facing)
  }
  ctx.beginPath()
  if (options.mood === 'dizzy') {
    ctx.moveTo(x - r * 0.3, headY + r * 0.62)
    ctx.quadraticCurveTo(x, headY + r * 0.4, x + r * 0.3, headY + r * 0.62)
  } else {
    ctx.moveTo(x - r * 0.32 + facing * r * 0.1, headY + r * 0.45)
    ctx.quadraticCurveTo(
      x + facing * r * 0.1,
      headY + r * 0.75,
      x + r * 0.32 + facing * r * 0.1,
      headY + r * 0.45,
    )
  }
  ctx.lineWidth = 2.5
  ctx.strokeStyle = INK
  ctx.stroke()
  ctx.restore()
}

/** A cash-green banknote with a big $, turned by `angle`. */
export function drawDollar(ctx: Canvas2D, x: number, y: number, r: number, angle: number): void {
  ctx.save()
  ctx.translate(x, y)
  ctx.rotate(angle)
  roundedRect(ctx, -r, -r * 0.58, r * 2, r * 1.16, r * 0.14)
  outlined(ctx, PALETTE.cashGreen)
  roundedRect(ctx, -r * 0.82, -r * 0.42, r * 1.64, r * 0.84, r * 0.08)
  ctx.lineWidth = 1.5
  ctx.strokeStyle = '#bfe6cf'
  ctx.stroke()
  circle(ctx, 0, 0, r * 0.36)
  outlined(ctx, '#bfe6cf', 2)
  ctx.fillStyle = PALETTE.ink
  ctx.textAlign = 'center'
  ctx.textBaseline = 'middle'
  ctx.font = `${Math.round(r * 0.62)}px ${DISPLAY_FONT}`
  ctx.fillText('$', 0, r * 0.04)
  ctx.restore()
}

/** A bill: plaster paper with an eviction-red PAST DUE band and scribbled lines. */
export function drawBill(ctx: Canvas2D, x: number, y: number, r: number, angle: number): void {
  ctx.save()
  ctx.translate(x, y)
  ctx.rotate(angle)
  ctx.beginPath()
  ctx.rect(-r * 0.72, -r * 0.92, r * 1.44, r * 1.84)
  outlined(ctx, PALETTE.plaster)
  ctx.fillStyle = PALETTE.evictionRed
  ctx.fillRect(-r * 0.72, -r * 0.92, r * 1.44, r * 0.5)
  ctx.fillStyle = PALETTE.plaster
  ctx.textAlign = 'center'
  ctx.textBaseline = 'middle'
  ctx.font = `${Math.round(r * 0.3)}px ${DISPLAY_FONT}`
  ctx.fillText('PAST DUE', 0, -r * 0.66, r * 1.3)
  ctx.strokeStyle = 'rgba(27, 27, 31, 0.55)'
  ctx.lineWidth = 2
  ctx.beginPath()
  for (let i = 0; i < 3; i++) {
    ctx.moveTo(-r * 0.5, -r * 0.12 + i * r * 0.3)
    ctx.lineTo(r * (i === 2 ? 0.1 : 0.5), -r * 0.12 + i * r * 0.3)
  }
  ctx.stroke()
  ctx.fillStyle = PALETTE.evictionRed
  ctx.font = `${Math.round(r * 0.42)}px ${DISPLAY_FONT}`
  ctx.fillText('-$20', r * 0.28, r * 0.66)
  ctx.restore()
}

/** A gold coin seen edge-on as it spins: the width follows cos(angle). */
export function drawCoin(ctx: Canvas2D, x: number, y: number, r: number, angle: number): void {
  const squash = Math.max(0.18, Math.abs(Math.cos(angle)))
  ctx.save()
  ctx.beginPath()
  ctx.ellipse(x, y, r * squash, r, 0, 0, Math.PI * 2)
  outlined(ctx, PALETTE.lateFeeYellow, 2.5)
  if (squash > 0.5) {
    ctx.beginPath()
    ctx.ellipse(x, y, r * squash * 0.66, r * 0.66, 0, 0, Math.PI * 2)
    ctx.lineWidth = 1.5
    ctx.strokeStyle = '#b8871b'
    ctx.stroke()
  }
  ctx.restore()
}
