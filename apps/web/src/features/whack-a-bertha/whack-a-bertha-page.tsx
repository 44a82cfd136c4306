// Whack-a-Bertha: the thin page around packages/games/whack-a-bertha. The rules decide; this page
// wires pointer, keys and buttons to actions, plays sounds for events and mirrors the state as
// text (ui/game-stage) so the game is playable without seeing the canvas.
import { pointerOnPlayfield } from '@rent-due/games/input-pointer'
import { renderWhackABertha, startPrompt } from '@rent-due/games/whack-a-bertha/render'
import { clickAction, keyAction } from '@rent-due/games/whack-a-bertha/input'
import {
  WHACK_A_BERTHA as W,
  createWhackABertha,
  statusText,
  timeLeftMs,
  update,
  visiblePops,
  type Action,
  type WhackEvent,
  type WhackState,
} from '@rent-due/games/whack-a-bertha/rules'
import { useGameKeys } from '../../lib/game-keys'
import type { ViewInput } from '../../lib/game-loop'
import { useGamePage, type GameSounds } from '../../lib/game-page'
import { GameControls } from '../../ui/game-controls'
import { GameStage } from '../../ui/game-stage'
import { SubPage } from '../../ui/sub-page'
import './whack-a-bertha.css'

interface WhackView {
  status: WhackState['status']
  score: number
  strikes: number
  seconds: number
  /** One character per door: B (Bertha), r (roommate), - (empty). */
  doors: string
  text: string
}

function view(state: WhackState, input: ViewInput): WhackView {
  const pops = state.status === 'running' ? visiblePops(state) : []
  const doors = Array.from({ length: W.doors }, (_, d) => {
    const pop = pops.find((p) => p.door === d && p.whackedAtMs === null)
    return pop ? (pop.kind === 'bertha' ? 'B' : 'r') : '-'
  }).join('')
  return {
    status: state.status,
    score: state.score,
    strikes: state.strikes,
    seconds: Math.ceil(timeLeftMs(state) / 1000),
    doors,
    text:
      state.status === 'idle'
        ? startPrompt(input.touch)
        : (statusText(state) ??
          `Whack Bertha! Score ${state.score}, strikes ${state.strikes} of 3.`),
  }
}

const sounds: GameSounds<WhackEvent> = {
  hit: 'good',
  strike: 'bad',
  miss: 'tap',
  start: 'start',
  win: 'win',
  lose: 'lose',
  pause: 'pause',
  resume: 'pause',
}

export function WhackABerthaPage() {
  const {
    game,
    stage,
    view: v,
    sfx,
    act,
    controls,
  } = useGamePage<WhackState, Action, WhackEvent, WhackView>({
    width: W.width,
    height: W.height,
    create: createWhackABertha,
    update,
    tick: (state, dtMs, rng) => update(state, { type: 'tick', dtMs }, rng),
    render: renderWhackABertha,
    view,
    sounds,
  })

  useGameKeys((key) => {
    const action = keyAction(key)
    if (action) {
      act(action)
      return true
    }
    const door = Number(key)
    if (Number.isInteger(door) && door >= 1 && door <= W.doors) {
      act({ type: 'hit', door: door - 1 })
      return true
    }
    return false
  })

  const onPointerDown = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const p = pointerOnPlayfield(event, W.width, W.height)
    const action = clickAction(game.current(), p.x, p.y)
    sfx.unlock()
    if (action) game.dispatch(action)
  }

  const running = v.status === 'running'
  return (
    <SubPage heading="Whack-a-Bertha" intro="Eight doors. One landlady. Thirty seconds.">
      <GameStage
        {...stage}
        touch="tap"
        onPointerDown={onPointerDown}
        hud={[
          { label: 'Score', value: `${v.score} / ${W.goal}` },
          { label: 'Time', value: `${v.seconds}s` },
          { label: 'Strikes', value: `${v.strikes} / ${W.maxStrikes}` },
        ]}
        statusText={v.text}
        controls={<GameControls {...controls} />}
        after={
          <div className="whack-doors" role="group" aria-label="Doors">
            {[...v.doors].map((who, d) => (
              <button
                key={d}
                type="button"
                className={`whack-doors__door whack-doors__door--${who === 'B' ? 'bertha' : who === 'r' ? 'roommate' : 'empty'}`}
                disabled={!running}
                onClick={() => act({ type: 'hit', door: d })}
              >
                {d + 1}: {who === 'B' ? 'Bertha!' : who === 'r' ? 'Roommate' : 'Empty'}
              </button>
            ))}
          </div>
        }
        howToPlay={
          <ul>
            <li>
              Bertha pops out of the eight doors {W.berthaAppearances} times in{' '}
              {W.durationMs / 1000} seconds. Whack her for {W.pointsPerHit} points; reach {W.goal}{' '}
              to win.
            </li>
            <li>
              The roommates peek out too. Whacking one is a strike; {W.maxStrikes} strikes and you
              are out. Missing an empty door costs nothing.
            </li>
            <li>
              Click or tap a door, press <kbd>1</kbd>–<kbd>8</kbd>, or use the door buttons under
              the game. Clicking the game while it waits starts it.
            </li>
            <li>
              <kbd>Space</kbd> pauses and resumes, <kbd>R</kbd> resets. The game pauses itself when
              you switch tabs.
            </li>
          </ul>
        }
      />
    </SubPage>
  )
}
