// Bill Collector: the thin page around packages/games/bill-collector. Held keys, a chasing
// pointer and hold-to-move buttons become the per-frame input; events become sounds and the
// stored best score. The roommate select screen is plain DOM (portraits from content/).
import { pointerOnPlayfield } from '@rent-due/games/input-pointer'
import { heldInput, keyAction } from '@rent-due/games/bill-collector/input'
import { renderBillCollector } from '@rent-due/games/bill-collector/render'
import {
  BILL_COLLECTOR as C,
  createBillCollector,
  statusText,
  step,
  update,
  type Action,
  type BillCollectorEvent,
  type BillCollectorState,
} from '@rent-due/games/bill-collector/rules'
import { useRef } from 'react'
import { useGameKeys } from '../../lib/game-keys'
import { useGamePage, type GameSounds } from '../../lib/game-page'
import { readStored, writeStored } from '../../lib/safe-storage'
import { GameControls } from '../../ui/game-controls'
import { GameStage } from '../../ui/game-stage'
import { SubPage } from '../../ui/sub-page'
import { HoldButton } from './hold-button'
import { roommateStep } from '../../ui/game-roommate-picker'
import './bill-collector.css'

export const BEST_KEY = 'rentDue.billCollector.best'

interface BillView {
  status: BillCollectorState['status']
  roommate: BillCollectorState['roommate']
  wallet: number
  best: number
  round: number
  seconds: number
  text: string
}

function view(state: BillCollectorState): BillView {
  const text =
    statusText(state) ?? `Round ${state.round} of ${C.roundSeconds.length}: catch the cash!`
  return {
    status: state.status,
    roommate: state.roommate,
    wallet: state.wallet,
    best: state.best,
    round: state.round,
    seconds: state.round === 0 ? (C.roundSeconds[0] ?? 0) : Math.ceil(state.timeLeftMs / 1000),
    text: state.status === 'ended' ? `${text} Wallet $${state.wallet}.` : text,
  }
}

function readBest(): number {
  const n = Number(readStored(BEST_KEY))
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0
}

const sounds: GameSounds<BillCollectorEvent> = {
  catch: (e) => (e.kind === 'dollar' ? 'good' : 'bad'),
  roundStart: 'start',
  win: 'win',
  lose: 'lose',
  pause: 'pause',
  resume: 'pause',
}

function keepBest(e: BillCollectorEvent): void {
  if (e.type === 'bestScore') writeStored(BEST_KEY, String(e.best))
}

export function BillCollectorPage() {
  const held = useRef(new Set<string>())
  const pointerX = useRef<number | undefined>(undefined)
  const {
    stage,
    view: v,
    sfx,
    act,
    controls,
  } = useGamePage<BillCollectorState, Action, BillCollectorEvent, BillView>({
    width: C.width,
    height: C.height,
    create: () => createBillCollector({ best: readBest() }),
    update,
    tick: (state, dtMs, rng) => step(state, heldInput(held.current, pointerX.current), dtMs, rng),
    render: renderBillCollector,
    view,
    sounds,
    onEvent: keepBest,
  })

  useGameKeys(
    (key) => {
      const action = keyAction(key)
      if (action) {
        act(action)
        return true
      }
      if (['ArrowLeft', 'ArrowRight', 'a', 'A', 'd', 'D'].includes(key)) {
        sfx.unlock()
        held.current.add(key)
        pointerX.current = undefined
        return true
      }
      return false
    },
    (key) => {
      if (key === '*') held.current.clear()
      else held.current.delete(key)
    },
  )

  const follow = (event: React.PointerEvent<HTMLCanvasElement>) => {
    // A mouse steers by hovering; a finger or pen only while touching.
    if (event.pointerType !== 'mouse' && event.buttons === 0) return
    pointerX.current = pointerOnPlayfield(event, C.width, C.height).x
  }

  const hold = (key: string, down: boolean) => {
    if (down) {
      sfx.unlock()
      held.current.add(key)
    } else held.current.delete(key)
  }

  const playing = v.status === 'running' || v.status === 'paused'
  return (
    <SubPage
      heading="Bill Collector"
      intro="Grab the dollars, dodge the bills, make rent in five rounds."
    >
      <GameStage
        {...stage}
        touch="drag"
        onPointerDown={(e) => {
          sfx.unlock()
          follow(e)
        }}
        onPointerMove={follow}
        onPointerLeave={() => {
          pointerX.current = undefined
        }}
        hud={[
          { label: 'Wallet', value: `$${v.wallet} / $${C.goal}` },
          { label: 'Round', value: `${Math.max(1, v.round)} / ${C.roundSeconds.length}` },
          { label: 'Time', value: `${v.seconds}s` },
          { label: 'Best', value: `$${v.best}` },
        ]}
        statusText={v.text}
        before={roommateStep(v, act)}
        after={
          playing ? (
            <div className="bill-move" role="group" aria-label="Move">
              <HoldButton onHold={(down) => hold('ArrowLeft', down)}>
                <span aria-hidden="true">◀</span> Left
              </HoldButton>
              <HoldButton onHold={(down) => hold('ArrowRight', down)}>
                Right <span aria-hidden="true">▶</span>
              </HoldButton>
            </div>
          ) : null
        }
        controls={<GameControls {...controls} canStart={v.roommate !== null} />}
        howToPlay={
          <ul>
            <li>
              Pick a roommate and press Start. Catch falling dollars (+${C.dollarValue}) and dodge
              the bills (−${C.billPenalty}).
            </li>
            <li>
              Make ${C.goal} of rent within five rounds of {C.roundSeconds.join(', ')} seconds.
              Reaching the goal at any moment wins.
            </li>
            <li>
              Move with <kbd>←</kbd> <kbd>→</kbd> or <kbd>A</kbd> <kbd>D</kbd>, by pointing or
              dragging on the game, or by holding the Left and Right buttons.
            </li>
            <li>
              <kbd>Space</kbd> pauses and resumes; Reset goes back to the roommates. The game pauses
              itself when you switch tabs. Your best wallet is remembered on this device.
            </li>
          </ul>
        }
      />
    </SubPage>
  )
}
