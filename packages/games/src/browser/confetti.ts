// A small confetti burst on a temporary full-window canvas, after canvas-confetti's defaults
// (docs/product/games.md#confetti: 100 particles, spread 70°, origin y 0.6; a small burst is 30).
// Written here rather than installed: it is about 60 lines and the only thing we would use from the
// library. Pages load it with a dynamic import, and never call it under prefers-reduced-motion.

export interface ConfettiOptions {
  particleCount?: number
  /** Degrees around straight up. */
  spread?: number
  /** 0..1 of the window. */
  origin?: { x?: number; y?: number }
}

const COLOURS = ['#d7263d', '#f4c430', '#2e8b57', '#1f6f78', '#f6efe2']

/** Fires one burst; returns a function that stops it early (call it on unmount). */
export function fireConfetti(options: ConfettiOptions = {}): () => void {
  const count = options.particleCount ?? 100
  const spread = ((options.spread ?? 70) * Math.PI) / 180
  const canvas = document.createElement('canvas')
  const ctx = canvas.getContext('2d')
  if (!ctx) return () => undefined
  const ratio = window.devicePixelRatio || 1
  const w = window.innerWidth
  const h = window.innerHeight
  canvas.width = Math.round(w * ratio)
  canvas.height = Math.round(h * ratio)
  canvas.setAttribute('aria-hidden', 'true')
  Object.assign(canvas.style, {
    position: 'fixed',
    inset: '0',
    width: '100%',
    height: '100%',
    pointerEvents: 'none',
    zIndex: '100',
  })
  document.body.append(canvas)

  const ox = (options.origin?.x ?? 0.5) * w
  const oy = (options.origin?.y ?? 0.6) * h
  const pieces = Array.from({ length: count }, (_, i) => {
    const angle = -Math.PI / 2 + (Math.random() - 0.5) * spread
    const speed = 22 + Math.random() * 24
    return {
      x: ox,
      y: oy,
      vx: Math.cos(angle) * speed,
      vy: Math.sin(angle) * speed,
      spin: Math.random() * Math.PI,
      colour: COLOURS[i % COLOURS.length] as string,
    }
  })

  let frame = 0
  let age = 0
  const TICKS = 200
  const draw = () => {
    age++
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0)
    ctx.clearRect(0, 0, w, h)
    ctx.globalAlpha = Math.max(0, 1 - age / TICKS)
    for (const p of pieces) {
      p.vx *= 0.94
      p.vy = p.vy * 0.94 + 1.2
      p.x += p.vx
      p.y += p.vy
      p.spin += 0.2
      ctx.fillStyle = p.colour
      ctx.fillRect(p.x, p.y, 9, 5 + Math.abs(Math.sin(p.spin)) * 5)
    }
    if (age < TICKS) frame = requestAnimationFrame(draw)
    else canvas.remove()
  }
  frame = requestAnimationFrame(draw)
  return () => {
    cancelAnimationFrame(frame)
    canvas.remove()
  }
}
