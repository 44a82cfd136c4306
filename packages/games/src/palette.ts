// The DESIGN.md palette, for the canvas renderers (CSS variables do not reach a canvas).
export const PALETTE = {
  nightBlock: '#141a2e',
  plaster: '#f6efe2',
  ink: '#1b1b1f',
  evictionRed: '#d7263d',
  lateFeeYellow: '#f4c430',
  cashGreen: '#2e8b57',
  mildewTeal: '#1f6f78',
} as const
