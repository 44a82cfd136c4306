// Maps a pointer event's client position to the playfield's logical units, whatever size the
// page scales the canvas to.

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

/** The parts of a canvas element `pointerOnPlayfield` reads (an HTMLCanvasElement has them). */
export interface PlayfieldElement {
  getBoundingClientRect(): ClientRect
  clientLeft: number
  clientTop: number
  clientWidth: number
  clientHeight: number
}

/** Where on the playfield a pointer event lands. The canvas has a border around its picture
 * (content-box sizing, set by the page's game loop), so the mapping uses the picture's box, not
 * the element's. */
export function pointerOnPlayfield(
  event: { clientX: number; clientY: number; currentTarget: PlayfieldElement },
  logicalWidth: number,
  logicalHeight: number,
): { x: number; y: number } {
  const canvas = event.currentTarget
  const box = canvas.getBoundingClientRect()
  const picture = {
    left: box.left + canvas.clientLeft,
    top: box.top + canvas.clientTop,
    width: canvas.clientWidth,
    height: canvas.clientHeight,
  }
  return toLogical(event.clientX, event.clientY, picture, logicalWidth, logicalHeight)
}
