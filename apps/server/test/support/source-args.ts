// How the tests run one of the server's TypeScript entry points in a process of its own: Node with
// tsx, reading the workspace packages that ship compiled JS (sample-media) from their source too,
// so no test needs a build first.
import path from 'node:path'
import { REPO_ROOT } from '../../src/config.js'

/** Node's arguments to run `script` (a path from the repository root) from source. */
export function sourceArgs(script: string): string[] {
  return ['--conditions=@rent-due/source', '--import', 'tsx', path.join(REPO_ROOT, script)]
}
