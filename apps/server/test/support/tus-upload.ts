// tus-js-client (Node) against a test server, configured as Supabase's docs configure it for
// Storage: 6 MiB chunks, the bucket and object name in the metadata, the bearer token in the
// headers. Resolves with what the upload did, rejects with tus-js-client's error.
import { createReadStream } from 'node:fs'
import * as tus from 'tus-js-client'

export const CHUNK_BYTES = 6 * 1024 * 1024

export interface TusUploadOptions {
  /** e.g. `http://127.0.0.1:1234/storage/v1/upload/resumable` */
  endpoint: string
  token: string
  apiKey: string
  /** A file path (streamed in chunks) or the bytes themselves. */
  input: string | Buffer
  bucket: string
  name: string
  contentType: string
  upsert?: boolean
  retryDelays?: number[]
}

export interface TusUploadResult {
  url: string
  /** Each request's method and Upload-Offset, in order. */
  requests: { method: string; offset: string | undefined }[]
}

export function tusUpload(o: TusUploadOptions): Promise<TusUploadResult> {
  const requests: TusUploadResult['requests'] = []
  return new Promise((resolve, reject) => {
    const upload = new tus.Upload(
      typeof o.input === 'string' ? createReadStream(o.input) : o.input,
      {
        endpoint: o.endpoint,
        chunkSize: CHUNK_BYTES,
        retryDelays: o.retryDelays ?? [0, 200, 500],
        uploadDataDuringCreation: true,
        removeFingerprintOnSuccess: true,
        headers: {
          authorization: `Bearer ${o.token}`,
          apikey: o.apiKey,
          'x-upsert': o.upsert ? 'true' : 'false',
        },
        metadata: {
          bucketName: o.bucket,
          objectName: o.name,
          contentType: o.contentType,
          cacheControl: '3600',
        },
        onBeforeRequest: (req) => {
          requests.push({ method: req.getMethod(), offset: req.getHeader('Upload-Offset') })
        },
        onError: reject,
        onSuccess: () => resolve({ url: upload.url ?? '', requests }),
      },
    )
    upload.start()
  })
}
