// Penny Pinchers: the thin page around packages/games/penny-pinchers (the spec's stub game on a
// 360 × 540 canvas): pick a roommate, Start, drop coins into Bertha's rent jar.
import { renderPennyPinchers } from '@rent-due/games/penny-pinchers/render'
import {
  PENNY_PINCHERS as P,
  canDrop,
  createPennyPinchers,
  statusText,
  step,
  update,
  type Action,
  type PennyEvent,
  type PennyState,
} from '@rent-due/games/penny-pinchers/rules'
import { useGameKeys } from '../../lib/game-keys'
import { useGamePage, type GameSounds } from '../../lib/game-page'
import { GameControls } from '../../ui/game-controls'
import { roommateStep } from '../../ui/game-roommate-picker'
import { GameStage } from '../../ui/game-stage'
import { SubPage } from '../../ui/sub-page'

interface PennyView {
  status: PennyState['status']
  roommate: PennyState['roommate']
  coins: number
  score: number
  canDrop: boolean
  text: string
}

function view(state: PennyState): PennyView {
  const text = statusText(state) ?? (state.drop ? 'Coin in the air...' : 'Drop a coin!')
  return {
    status: state.status,
    roommate: state.roommate,
    coins: state.coins,
    score: state.score,
    canDrop: canDrop(state),
    text: state.status === 'ended' ? `${text} Rent jar $${state.score}.` : text,
  }
}

const sounds: GameSounds<PennyEvent> = {
  clink: 'good',
  bounce: 'bad',
  drop: 'tap',
  start: 'start',
  win: 'win',
  lose: 'lose',
  pause: 'pause',
  resume: 'pause',
}

const DROP_KEYS = new Set(['Enter', 'ArrowDown', 's', 'S'])

export function PennyPinchersPage() {
  const {
    game,
    stage,
    view: v,
    act,
    controls,
  } = useGamePage<PennyState, Action, PennyEvent, PennyView>({
    width: P.width,
    height: P.height,
    create: createPennyPinchers,
    update,
    tick: step,
    render: renderPennyPinchers,
    view,
    sounds,
  })

  useGameKeys((key) => {
    if (key === ' ') act({ type: 'togglePause' })
    else if (key === 'r' || key === 'R') act({ type: 'reset' })
    else if (DROP_KEYS.has(key)) act({ type: 'drop' })
    else return false
    return true
  })

  const onPointerDown = () => {
    const state = game.current()
    if (state.status === 'idle' && state.roommate) act({ type: 'start' })
    else if (state.status === 'running') act({ type: 'drop' })
  }

  return (
    <SubPage heading="Penny Pinchers" intro="Toss your last coins into the rent jar.">
      <GameStage
        {...stage}
        touch="tap"
        onPointerDown={onPointerDown}
        hud={[
          { label: 'Rent jar', value: `$${v.score} / $${P.goal}` },
          { label: 'Coins', value: `${v.coins} / ${P.coins}` },
        ]}
        statusText={v.text}
        before={roommateStep(v, act)}
        controls={
          <GameControls
            {...controls}
            canStart={v.roommate !== null}
            action={
              <button
                type="button"
                className="btn btn--primary btn--large"
                disabled={!v.canDrop}
                onClick={() => act({ type: 'drop' })}
              >
                Drop
              </button>
            }
          />
        }
        howToPlay={
          <ul>
            <li>Pick a roommate and press Start. You have {P.coins} coins.</li>
            <li>
              Each Drop spends a coin; about {P.hitChance * 100}% land in the jar for ${P.jarValue}.
              Reach ${P.goal} before the coins run out.
            </li>
            <li>
              Drop with the Drop button, a click or tap on the game, or <kbd>Enter</kbd> /
              <kbd>↓</kbd>. <kbd>Space</kbd> pauses and resumes, <kbd>R</kbd> resets.
            </li>
          </ul>
        }
      />
    </SubPage>
  )
}
