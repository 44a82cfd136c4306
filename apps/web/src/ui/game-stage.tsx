// The frame every canvas game page shares: the scaled canvas, a score / timer / state bar in the
// DOM (the state line is an aria-live region, so screen readers hear rounds, pauses and endings
// without the canvas), the page's buttons and an always-present "How to play". The canvas itself
// is decorative for assistive technology: everything it shows is also here as text or a button.
// The canvas draws the score, so the DOM's score row is for screen readers only: one HUD a player
// sees. In play mode (decisions 200 and 340) the frame is the whole screen under the header: the
// canvas, the game's buttons and room for the radio's pill; the state line is then for screen
// readers only too, and "How to play" steps aside.
import { useId, type PointerEventHandler, type ReactNode } from 'react'
import './game-stage.css'

export interface HudItem {
  label: string
  value: string
}

type GameStageProps = {
  stageRef: React.RefObject<HTMLDivElement | null>
  canvasRef: React.RefObject<HTMLCanvasElement | null>
  /** The game has the screen (lib/game-loop.ts decides). */
  playMode: boolean
  /** Flat facts the canvas also draws (score, time, round...), for screen readers. */
  hud: HudItem[]
  /** The state in words ("Paused", "Round 2: 25 seconds"); announced politely. */
  statusText: string
  /** 'drag': the canvas takes touch drags (no scrolling); 'tap': taps only. */
  touch: 'drag' | 'tap'
  onPointerDown?: PointerEventHandler<HTMLCanvasElement>
  onPointerMove?: PointerEventHandler<HTMLCanvasElement>
  onPointerLeave?: PointerEventHandler<HTMLCanvasElement>
  /** Buttons: everything the keyboard and pointer do must also be a button. */
  controls: ReactNode
  /** Optional content above the canvas (a select screen). */
  before?: ReactNode
  /** Optional content between the canvas and the buttons. */
  after?: ReactNode
  howToPlay: ReactNode
}

export function GameStage({
  stageRef,
  canvasRef,
  playMode,
  hud,
  statusText,
  touch,
  onPointerDown,
  onPointerMove,
  onPointerLeave,
  controls,
  before,
  after,
  howToPlay,
}: GameStageProps) {
  const howId = useId()
  return (
    <section
      className="game"
      aria-describedby={howId}
      aria-label="Game"
      data-play-mode={playMode ? 'true' : 'false'}
    >
      <dl className="game__hud">
        {hud.map((item) => (
          <div className="game__hud-item" key={item.label}>
            <dt>{item.label}</dt>
            <dd>{item.value}</dd>
          </div>
        ))}
      </dl>
      <p className="game__status" role="status" aria-live="polite" aria-atomic="true">
        {statusText}
      </p>
      {before && <div className="game__before">{before}</div>}
      <div className="game__stage" ref={stageRef}>
        <canvas
          ref={canvasRef}
          className={`game__canvas game__canvas--${touch}`}
          aria-hidden="true"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerLeave={onPointerLeave}
        />
      </div>
      {after && <div className="game__after">{after}</div>}
      <div className="game__controls">{controls}</div>
      <div className="game__how notice" id={howId}>
        <h2 className="game__how-title">How to play</h2>
        {howToPlay}
      </div>
    </section>
  )
}
