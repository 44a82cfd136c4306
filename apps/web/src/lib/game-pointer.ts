// Where on the playfield a pointer event lands. The canvas has a border around its picture
// (content-box sizing, lib/game-loop.ts), so the mapping uses the picture's box, not the element's.
import { toLogical } from '@rent-due/games/input-pointer'

export function pointerOnPlayfield(
  event: { clientX: number; clientY: number; currentTarget: HTMLCanvasElement },
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
