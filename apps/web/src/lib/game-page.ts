// What every canvas game page adds around useGameLoop: its sound effects, played from the rules'
// events by a table (event type → sound); `act`, which unlocks the audio (a user gesture) and
// dispatches; and the Start / Pause / Reset props for <GameControls>. Every game's actions
// include `start`, `togglePause` (also the loop's pause when the tab is hidden) and `reset`.
import { useGameLoop, type GameSpec, type GameStatus } from './game-loop'
import { useSfx, type SfxName } from './game-sfx'

type Typed = { type: string }

/** The sound each event type plays: a name, or one chosen by the event. */
export type GameSounds<E extends Typed> = {
  [T in E['type']]?: SfxName | ((event: Extract<E, { type: T }>) => SfxName)
}

type GamePageSpec<S extends { status: GameStatus }, A, E extends Typed, V> = Omit<
  GameSpec<S, A, E, V>,
  'pauseAction' | 'onEvents'
> & {
  sounds: GameSounds<E>
  /** Anything else an event does (a best score kept on the device). */
  onEvent?: (event: E) => void
}

export function useGamePage<
  S extends { status: GameStatus },
  A extends Typed,
  E extends Typed,
  V extends { status: GameStatus },
>({ sounds, onEvent, ...spec }: GamePageSpec<S, A, E, V>) {
  const sfx = useSfx()
  const game = useGameLoop<S, A, E, V>({
    ...spec,
    pauseAction: { type: 'togglePause' } as A,
    onEvents: (events) => {
      for (const event of events) {
        const sound = sounds[event.type as E['type']] as SfxName | ((e: E) => SfxName) | undefined
        const name = typeof sound === 'function' ? sound(event) : sound
        if (name) sfx.play(name)
        onEvent?.(event)
      }
    },
  })

  const act = (action: A) => {
    sfx.unlock()
    game.dispatch(action)
  }

  /** <GameControls {...controls} />, with the game's own canStart and action. */
  const controls = {
    status: game.view.status,
    onStart: () => act({ type: 'start' } as A),
    onTogglePause: () => act({ type: 'togglePause' } as A),
    onReset: () => act({ type: 'reset' } as A),
    sfx,
  }

  /** <GameStage {...stage} />: the canvas's box and whether the game has the screen. */
  const stage = { stageRef: game.stageRef, canvasRef: game.canvasRef, playMode: game.playMode }

  return { game, view: game.view, sfx, act, controls, stage }
}
