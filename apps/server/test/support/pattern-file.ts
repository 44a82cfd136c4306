// A large test file made on the fly in a temp directory (never committed): `size` bytes, written as
// a stream, every MiB block starting with its own index, so bytes landing at a wrong offset change
// the hash. Returns its SHA-256, computed while writing.
import crypto from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { once } from 'node:events'
import { pipeline } from 'node:stream/promises'
import type { Readable } from 'node:stream'

const BLOCK = 1024 * 1024

export async function writePatternFile(file: string, size: number): Promise<string> {
  const base = crypto.randomBytes(BLOCK)
  const hash = crypto.createHash('sha256')
  const out = createWriteStream(file)
  for (let offset = 0, index = 0; offset < size; offset += BLOCK, index += 1) {
    const block = Buffer.from(base.subarray(0, Math.min(BLOCK, size - offset)))
    block.writeUInt32BE(index, 0)
    hash.update(block)
    if (!out.write(block)) await once(out, 'drain')
  }
  out.end()
  await once(out, 'finish')
  return hash.digest('hex')
}

export async function sha256Of(stream: Readable): Promise<string> {
  const hash = crypto.createHash('sha256')
  await pipeline(stream, hash)
  return hash.digest('hex')
}

export function sha256OfFile(file: string): Promise<string> {
  return sha256Of(createReadStream(file, { highWaterMark: BLOCK }))
}
