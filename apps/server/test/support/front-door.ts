// A front door (src/http/front-door.ts) with roomy limits, for tests that serve through one.
import { createFrontDoor, type FrontDoor } from '../../src/http/front-door.js'

export function testFrontDoor(): FrontDoor {
  return createFrontDoor({
    maxConnections: 100,
    perClient: 100,
    headersTimeoutMs: 5000,
    requestTimeoutMs: 5000,
    keepAliveTimeoutMs: 5000,
  })
}
