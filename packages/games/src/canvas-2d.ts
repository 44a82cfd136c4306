// The slice of CanvasRenderingContext2D the renderers use. The package is compiled without the
// DOM library (rules must not reach for browser globals), so the renderers take this structural
// type: a real 2D context satisfies it, and tests can hand in a recording fake.

export interface Canvas2D {
  fillStyle: string | object
  strokeStyle: string | object
  lineWidth: number
  lineCap: string
  lineJoin: string
  globalAlpha: number
  font: string
  textAlign: string
  textBaseline: string
  save(): void
  restore(): void
  setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void
  translate(x: number, y: number): void
  rotate(angle: number): void
  scale(x: number, y: number): void
  clearRect(x: number, y: number, w: number, h: number): void
  fillRect(x: number, y: number, w: number, h: number): void
  strokeRect(x: number, y: number, w: number, h: number): void
  beginPath(): void
  closePath(): void
  moveTo(x: number, y: number): void
  lineTo(x: number, y: number): void
  quadraticCurveTo(cpx: number, cpy: number, x: number, y: number): void
  bezierCurveTo(cp1x: number, cp1y: number, cp2x: number, cp2y: number, x: number, y: number): void
  arc(x: number, y: number, r: number, start: number, end: number, ccw?: boolean): void
  ellipse(
    x: number,
    y: number,
    rx: number,
    ry: number,
    rotation: number,
    start: number,
    end: number,
    ccw?: boolean,
  ): void
  rect(x: number, y: number, w: number, h: number): void
  fill(): void
  stroke(): void
  clip(): void
  fillText(text: string, x: number, y: number, maxWidth?: number): void
  strokeText(text: string, x: number, y: number, maxWidth?: number): void
}

export interface RenderOptions {
  /** window.devicePixelRatio: the backing store holds this many pixels per CSS pixel. */
  pixelRatio: number
  /** CSS pixels per logical unit (the page scales the fixed playfield to fit); default 1. */
  scale?: number
  /** prefers-reduced-motion: no shake, no confetti, no bobbing. */
  reducedMotion: boolean
  /** The player uses a touch screen: prompts say "Tap", not "Click" or "Space". */
  touch?: boolean
}

/** The backing-store size the page gives the canvas element for a crisp picture. */
export function backingSize(
  logicalWidth: number,
  logicalHeight: number,
  options: Pick<RenderOptions, 'pixelRatio' | 'scale'>,
): { width: number; height: number } {
  const k = options.pixelRatio * (options.scale ?? 1)
  return { width: Math.round(logicalWidth * k), height: Math.round(logicalHeight * k) }
}

/** Resets the transform so everything after draws in logical units. */
export function beginFrame(
  ctx: Canvas2D,
  logicalWidth: number,
  logicalHeight: number,
  options: RenderOptions,
): void {
  const k = options.pixelRatio * (options.scale ?? 1)
  ctx.setTransform(k, 0, 0, k, 0, 0)
  ctx.clearRect(0, 0, logicalWidth, logicalHeight)
}
