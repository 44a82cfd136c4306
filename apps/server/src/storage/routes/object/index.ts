// The object endpoints (docs/api-coverage.md#storage-storagev1), one file per route as in
// supabase/storage: list, move, download (GET/HEAD), upload (POST/PUT, raw or multipart) and
// delete by prefixes. storage/plugin.ts registers them through this index.
import type { FastifyInstance } from 'fastify'
import type { StorageRouteContext } from '../../route-context.js'
import { registerDelete } from './delete.js'
import { registerDownload } from './download.js'
import { registerList } from './list.js'
import { registerMove } from './move.js'
import { registerUpload } from './upload.js'

export function registerObjectRoutes(app: FastifyInstance, ctx: StorageRouteContext): void {
  // find-my-way prefers static segments to wildcards, so the order does not matter.
  registerList(app, ctx)
  registerMove(app, ctx)
  registerDownload(app, ctx)
  registerUpload(app, ctx)
  registerDelete(app, ctx)
}
