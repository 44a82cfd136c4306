// A resumable upload (TUS) to Storage's /storage/v1/upload/resumable with tus-js-client, set up as
// Supabase's docs set it up (6 MiB chunks; bucket, object name, type and cache control in the
// metadata; the user's bearer token), for files past what one request should carry, such as
// full episodes (decision 330). A dropped connection is retried by the client from where the
// server says it got to; a page reload resumes when the same file is picked again (the client
// remembers uploads in localStorage by the file's name, type, size and date); pause and resume
// keep the upload on the server, cancel removes it.
import * as tus from 'tus-js-client'
import { readRuntimeConfig } from '../../../lib/runtime-config'
import { readAccessToken } from '../admin-session'
import { storageErrorMessage } from './upload-with-progress'

export const RESUMABLE_CHUNK_BYTES = 6 * 1024 * 1024
/** After a failure: at once, then ever longer, for about a minute and a half in all. */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 20_000, 30_000]

export type ResumableEvents = {
  onProgress: (sent: number, total: number) => void
  /** The connection failed and the upload will go on in a moment by itself. */
  onRetrying: () => void
  onSuccess: () => void
  onError: (message: string) => void
}

export type ResumableHandle = {
  /** Starts, or resumes an earlier attempt at this very file: resolves true then. */
  start(): Promise<boolean>
  pause(): void
  resume(): void
  cancel(): Promise<void>
}

function messageOf(error: Error): string {
  const res = (error as tus.DetailedError).originalResponse
  if (res) return storageErrorMessage(res.getStatus(), '', res.getBody() ?? '').trim()
  return 'The server could not be reached.'
}

export function resumableUpload(
  file: File,
  target: { bucket: string; contentType: string },
  events: ResumableEvents,
): ResumableHandle {
  const { supabaseUrl, supabaseAnonKey } = readRuntimeConfig(
    document,
    import.meta.env,
    window.location.origin,
  )
  const upload = new tus.Upload(file, {
    endpoint: `${supabaseUrl.replace(/\/+$/, '')}/storage/v1/upload/resumable`,
    chunkSize: RESUMABLE_CHUNK_BYTES,
    retryDelays: RETRY_DELAYS,
    uploadDataDuringCreation: true,
    removeFingerprintOnSuccess: true,
    headers: { apikey: supabaseAnonKey, 'x-upsert': 'false' },
    metadata: {
      bucketName: target.bucket,
      objectName: file.name,
      contentType: target.contentType,
      cacheControl: '3600',
    },
    // Hours-long uploads outlive an access token: each request takes the current one.
    onBeforeRequest: async (req) => {
      req.setHeader('authorization', `Bearer ${await readAccessToken()}`)
    },
    // tus-js-client's own rule (no retry on a 4xx but 409 and 423, none while offline), plus
    // telling the team member that the upload goes on by itself.
    onShouldRetry: (error) => {
      const status = error.originalResponse?.getStatus() ?? 0
      const retry =
        (status < 400 || status >= 500 || status === 409 || status === 423) && navigator.onLine
      if (retry) events.onRetrying()
      return retry
    },
    onProgress: events.onProgress,
    onSuccess: events.onSuccess,
    onError: (error) => events.onError(messageOf(error)),
  })
  return {
    async start() {
      const previous = await upload.findPreviousUploads()
      const earlier = previous[0]
      if (earlier) upload.resumeFromPreviousUpload(earlier)
      upload.start()
      return Boolean(earlier)
    },
    pause: () => void upload.abort(),
    resume: () => upload.start(),
    cancel: () => upload.abort(true),
  }
}
