// Helpers for the admin content spec: a small valid WAV made in the test, and the bucket's
// object names read back with the service key.
import type { SupabaseClient } from '@supabase/supabase-js'

/** A valid 16-bit PCM mono WAV of `seconds` of silence (44-byte RIFF header + zero samples). */
export function silentWav(seconds = 0.5, sampleRate = 8000): Buffer {
  const dataBytes = Math.round(seconds * sampleRate) * 2
  const wav = Buffer.alloc(44 + dataBytes)
  wav.write('RIFF', 0, 'ascii')
  wav.writeUInt32LE(36 + dataBytes, 4)
  wav.write('WAVE', 8, 'ascii')
  wav.write('fmt ', 12, 'ascii')
  wav.writeUInt32LE(16, 16) // fmt chunk size
  wav.writeUInt16LE(1, 20) // PCM
  wav.writeUInt16LE(1, 22) // mono
  wav.writeUInt32LE(sampleRate, 24)
  wav.writeUInt32LE(sampleRate * 2, 28) // byte rate
  wav.writeUInt16LE(2, 32) // block align
  wav.writeUInt16LE(16, 34) // bits per sample
  wav.write('data', 36, 'ascii')
  wav.writeUInt32LE(dataBytes, 40)
  return wav
}

/** The names in a bucket that contain `part` (Storage's own search is by prefix only). */
export async function objectNames(
  service: SupabaseClient,
  bucket: string,
  part: string,
): Promise<string[]> {
  const { data, error } = await service.storage.from(bucket).list('', { limit: 1000 })
  if (error) throw new Error(`${bucket}: ${error.message}`)
  return data.map((o) => o.name).filter((name) => name.includes(part))
}
