// How a canvas game page picks its seed and pace. In play the seed comes from
// crypto.getRandomValues and time runs at 1×. For end-to-end tests and the benchmark, the URL may
// carry `?seed=<n>&speed=<k>`: the same seed replays the same game and k× speed reaches end
// states in seconds. Harmless in production: it only changes luck and pace of one's own game.
// `?perf=1` turns on the frame-timing hook the benchmark reads (apps/web/src/lib/game-loop.ts).

export interface GameParams {
  seed: number
  speed: number
  perf: boolean
}

const MAX_SPEED = 50

export function readGameParams(search: string): GameParams {
  const query = new URLSearchParams(search)
  const seedText = query.get('seed')
  const speedText = query.get('speed')
  const seed =
    seedText !== null && /^\d{1,10}$/.test(seedText) ? Number(seedText) >>> 0 : randomSeed()
  const speedValue = speedText === null ? 1 : Number(speedText)
  const speed = Number.isFinite(speedValue) && speedValue > 0 ? Math.min(speedValue, MAX_SPEED) : 1
  return { seed, speed, perf: query.get('perf') === '1' }
}

function randomSeed(): number {
  const one = new Uint32Array(1)
  crypto.getRandomValues(one)
  return one[0] as number
}
