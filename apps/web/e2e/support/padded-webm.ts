// A big WebM made in the test (never committed): one of the sample previews, with a Void element
// (EBML ID 0xEC, which every Matroska reader skips) of patterned bytes appended inside its
// Segment, so the file is `size` bytes yet still plays its 9 seconds. Every MiB of padding starts
// with its own index, so bytes landing at a wrong offset change the hash.
import crypto from 'node:crypto'
import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'

const SEGMENT_ID = 0x18538067
const BLOCK = 1024 * 1024

/** An EBML variable-length integer at `pos`: its byte length and value (null for "unknown"). */
function readVint(buf: Buffer, pos: number): { length: number; value: number | null } {
  const first = buf[pos]!
  let length = 1
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length += 1
  let value = first & (0xff >> length)
  let allOnes = value === 0xff >> length
  for (let i = 1; i < length; i++) {
    value = value * 256 + buf[pos + i]!
    if (buf[pos + i] !== 0xff) allOnes = false
  }
  return { length, value: allOnes ? null : value }
}

/** An 8-byte EBML size. */
function size8(n: number): Buffer {
  const b = Buffer.alloc(8)
  b[0] = 0x01
  b.writeUIntBE(Math.floor(n / 2 ** 32), 1, 3)
  b.writeUInt32BE(n % 2 ** 32, 4)
  return b
}

/** Writes the padded WebM to `file` and returns its SHA-256 (hex). */
export async function writePaddedWebm(source: string, file: string, size: number): Promise<string> {
  const webm = await fs.readFile(source)
  // Skip the EBML header: its ID (4 bytes), its size, its body.
  const header = readVint(webm, 4)
  const segmentAt = 4 + header.length + header.value!
  if (webm.readUInt32BE(segmentAt) !== SEGMENT_ID) throw new Error(`${source}: no Segment`)
  const segmentSize = readVint(webm, segmentAt + 4)
  const dataStart = segmentAt + 4 + segmentSize.length
  const data = webm.subarray(dataStart)
  if (segmentSize.value !== null && segmentSize.value !== data.length) {
    throw new Error(`${source}: something follows the Segment`)
  }
  const prefix = webm.subarray(0, segmentAt + 4)
  const padding = size - (prefix.length + 8 + data.length + 1 + 8)
  const hash = crypto.createHash('sha256')
  const out = createWriteStream(file)
  const write = async (chunk: Buffer) => {
    hash.update(chunk)
    if (!out.write(chunk)) await once(out, 'drain')
  }
  await write(prefix)
  await write(size8(data.length + 1 + 8 + padding))
  await write(data)
  await write(Buffer.from([0xec]))
  await write(size8(padding))
  const base = crypto.randomBytes(BLOCK)
  for (let offset = 0, index = 0; offset < padding; offset += BLOCK, index += 1) {
    const block = Buffer.from(base.subarray(0, Math.min(BLOCK, padding - offset)))
    if (block.length >= 4) block.writeUInt32BE(index, 0)
    await write(block)
  }
  out.end()
  await once(out, 'finish')
  return hash.digest('hex')
}

/** The SHA-256 of what a URL serves, streamed. */
export async function sha256OfUrl(url: string): Promise<string> {
  const res = await fetch(url)
  if (!res.ok || !res.body) throw new Error(`${url}: ${res.status}`)
  const hash = crypto.createHash('sha256')
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) hash.update(chunk)
  return hash.digest('hex')
}
