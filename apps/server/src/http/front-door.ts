// The server's front door: Node's HTTP server, created here for Fastify (its `serverFactory`), with
// room for answers that need none of Fastify's work. A request a front-door answerer recognises is
// answered on the spot; every other request, and every request while the server is closing, goes
// to Fastify as it came.
//
// On premiere night nine requests in ten are for the build's files (a first visit to / fetches
// about 45), each one the same bytes for every visitor. Through Fastify's routing, hooks and reply
// such a request costs about four times what Node's server alone does (docs/performance.md), and
// that was the machine's time the pages and the API needed.
import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import type { FastifyServerFactory } from 'fastify'
import { httpServerOptions, type ConnectionLimits } from './connection-limits.js'

/** Answers a request, or returns false to leave it to Fastify (nothing written). */
export type FrontDoorAnswer = (req: IncomingMessage, res: ServerResponse) => boolean

export interface FrontDoor {
  /** Fastify's `serverFactory`: Node's server with the connection limits' options. */
  serverFactory: FastifyServerFactory
  /** Adds an answerer, asked in the order added. */
  answer(answerer: FrontDoorAnswer): void
  /** From now on every request goes to Fastify (which answers 503 while it closes). */
  close(): void
}

export function createFrontDoor(limits: ConnectionLimits): FrontDoor {
  const answerers: FrontDoorAnswer[] = []
  let open = true
  return {
    serverFactory(handler) {
      const server = http.createServer(httpServerOptions(limits), (req, res) => {
        if (open) for (const answer of answerers) if (answer(req, res)) return
        handler(req, res)
      })
      // What Fastify sets on a server it creates itself.
      server.keepAliveTimeout = limits.keepAliveTimeoutMs
      server.requestTimeout = limits.requestTimeoutMs
      return server
    },
    answer: (answerer) => void answerers.push(answerer),
    close() {
      open = false
    },
  }
}
