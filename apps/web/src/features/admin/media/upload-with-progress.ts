// An upload to the Storage API with progress events. supabase-js' upload() has no progress
// callback, so this sends the very request storage-js sends for a raw body (POST
// {supabaseUrl}/storage/v1/object/{bucket}/{name}, the user's bearer token, apikey,
// x-upsert: false) with XMLHttpRequest, whose upload.onprogress reports bytes sent. Same
// endpoint, same rights (decision 175).

export type UploadRequest = {
  supabaseUrl: string
  apiKey: string
  accessToken: string
  bucket: string
  name: string
  body: Blob
  contentType: string
  /** 0..1 as bytes leave the browser. */
  onProgress: (fraction: number) => void
  signal?: AbortSignal
}

type XhrLike = Pick<
  XMLHttpRequest,
  'open' | 'setRequestHeader' | 'send' | 'abort' | 'status' | 'responseText' | 'statusText'
> & {
  upload: { onprogress: ((event: ProgressEvent) => void) | null }
  onload: (() => void) | null
  onerror: (() => void) | null
  onabort: (() => void) | null
}

/** The object URL, each segment encoded (the server decodes per segment, like Storage). */
export function objectUrl(supabaseUrl: string, bucket: string, name: string): string {
  const path = [bucket, ...name.split('/')].map(encodeURIComponent).join('/')
  return `${supabaseUrl.replace(/\/+$/, '')}/storage/v1/object/${path}`
}

/** The message of a Storage error body ({ message }), else the HTTP status line. */
export function storageErrorMessage(status: number, statusText: string, body: string): string {
  try {
    const parsed: unknown = JSON.parse(body)
    if (parsed && typeof parsed === 'object') {
      const { message, msg, error } = parsed as Record<string, unknown>
      const text = [message, msg, error].find((v) => typeof v === 'string' && v !== '')
      if (typeof text === 'string') return text
    }
  } catch {
    // Not JSON: fall through to the status line.
  }
  return status === 0 ? 'The server could not be reached.' : `${status} ${statusText}`.trim()
}

export function uploadWithProgress(
  request: UploadRequest,
  createXhr: () => XhrLike = () => new XMLHttpRequest() as unknown as XhrLike,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = createXhr()
    xhr.open('POST', objectUrl(request.supabaseUrl, request.bucket, request.name))
    xhr.setRequestHeader('Authorization', `Bearer ${request.accessToken}`)
    xhr.setRequestHeader('apikey', request.apiKey)
    xhr.setRequestHeader('x-upsert', 'false')
    xhr.setRequestHeader('cache-control', 'max-age=3600')
    xhr.setRequestHeader('content-type', request.contentType)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        request.onProgress(Math.min(1, event.loaded / event.total))
      }
    }
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        request.onProgress(1)
        resolve()
      } else {
        reject(new Error(storageErrorMessage(xhr.status, xhr.statusText, xhr.responseText)))
      }
    }
    xhr.onerror = () => reject(new Error('The server could not be reached.'))
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'))
    request.signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(request.body)
  })
}
