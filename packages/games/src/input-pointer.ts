// Maps a pointer event's client position to the playfield's logical units, whatever size the
// page scales the canvas to. The page passes the canvas's bounding rectangle.

export interface ClientRect {
  left: number
  top: number
  width: number
  height: number
}

export function toLogical(
  clientX: number,
  clientY: number,
  rect: ClientRect,
  logicalWidth: number,
  logicalHeight: number,
): { x: number; y: number } {
  return {
    x: ((clientX - rect.left) / Math.max(1, rect.width)) * logicalWidth,
    y: ((clientY - rect.top) / Math.max(1, rect.height)) * logicalHeight,
  }
}
