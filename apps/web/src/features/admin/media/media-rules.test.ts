import { describe, expect, it } from 'vitest'
import { baseLength, renamedTo, renameProblem } from './rename-rules'
import {
  contentTypeOf,
  formatBytes,
  mimeAllowed,
  nameProblem,
  uploadRefusal,
  type BucketRules,
} from './upload-checks'
import { objectUrl, storageErrorMessage, uploadWithProgress } from './upload-with-progress'

const soundtrack: BucketRules = {
  name: 'soundtrack 1st',
  allowed_mime_types: ['audio/mpeg', 'audio/wav', 'audio/x-wav', 'audio/mp4'],
  file_size_limit: 52428800,
}

describe('upload checks', () => {
  it('matches MIME lists exactly and by wildcard', () => {
    expect(mimeAllowed('audio/wav', soundtrack.allowed_mime_types)).toBe(true)
    expect(mimeAllowed('text/plain', soundtrack.allowed_mime_types)).toBe(false)
    expect(mimeAllowed('image/png', ['image/*'])).toBe(true)
    expect(mimeAllowed('video/png', ['image/*'])).toBe(false)
    expect(mimeAllowed('anything/at-all', null)).toBe(true)
  })

  it('names the content type by browser type, alias or extension', () => {
    expect(contentTypeOf({ name: 'a.wav', size: 1, type: 'audio/wav' })).toBe('audio/wav')
    expect(contentTypeOf({ name: 'a.m4a', size: 1, type: 'audio/x-m4a' })).toBe('audio/mp4')
    expect(contentTypeOf({ name: 'a.mp3', size: 1, type: '' })).toBe('audio/mpeg')
    expect(contentTypeOf({ name: 'a', size: 1, type: '' })).toBe('application/octet-stream')
  })

  it('refuses a wrong type, an oversized file, an empty file and a bad name, by name', () => {
    expect(uploadRefusal({ name: 'notes.txt', size: 10, type: 'text/plain' }, soundtrack)).toBe(
      'notes.txt was not uploaded: soundtrack 1st accepts only Audio: MP3, WAV, M4A (this file is text/plain).',
    )
    expect(uploadRefusal({ name: 'big.wav', size: 52428801, type: 'audio/wav' }, soundtrack)).toBe(
      'big.wav was not uploaded: it is 50 MB, over the 50 MB limit of soundtrack 1st.',
    )
    expect(uploadRefusal({ name: 'e.wav', size: 0, type: 'audio/wav' }, soundtrack)).toBe(
      'e.wav was not uploaded: the file is empty.',
    )
    expect(uploadRefusal({ name: 'café.wav', size: 5, type: 'audio/wav' }, soundtrack)).toMatch(
      /^café\.wav was not uploaded: the name may use only letters/,
    )
    expect(uploadRefusal({ name: 'ok song.wav', size: 5, type: 'audio/wav' }, soundtrack)).toBe(
      null,
    )
  })

  it('formats sizes', () => {
    expect(formatBytes(512)).toBe('512 B')
    expect(formatBytes(1536)).toBe('1.5 KB')
    expect(formatBytes(52428800)).toBe('50 MB')
  })

  it('refuses slashes, dots and empty names', () => {
    expect(nameProblem('a/b.wav')).toBe('The name may not contain “/”.')
    expect(nameProblem('  ')).toBe('Please enter a name.')
    expect(nameProblem('..')).toBe('The name may not be “.” or “..”.')
  })
})

describe('rename rules', () => {
  it('keeps the old extension unless another is typed', () => {
    expect(renamedTo('New Song', 'Old Song.wav')).toBe('New Song.wav')
    expect(renamedTo(' New Song.mp3 ', 'Old Song.wav')).toBe('New Song.mp3')
    expect(renamedTo('README', 'LICENSE')).toBe('README')
    expect(baseLength('Old Song.wav')).toBe(8)
    expect(baseLength('LICENSE')).toBe(7)
  })

  it('refuses empty, slashed, unchanged and taken names', () => {
    expect(renameProblem('', 'a.wav', [])).toBe('Please enter a name.')
    expect(renameProblem('x/y', 'a.wav', [])).toBe('The name may not contain “/”.')
    expect(renameProblem('a', 'a.wav', [])).toBe('That is already its name.')
    expect(renameProblem('b', 'a.wav', ['b.wav'])).toBe('There is already a file called b.wav.')
    expect(renameProblem('c', 'a.wav', ['b.wav'])).toBe(null)
  })
})

describe('uploadWithProgress', () => {
  function fakeXhr(status: number, responseText = '') {
    const headers: Record<string, string> = {}
    const xhr = {
      method: '',
      url: '',
      sent: undefined as unknown,
      status: 0,
      statusText: '',
      responseText: '',
      upload: { onprogress: null as ((e: ProgressEvent) => void) | null },
      onload: null as (() => void) | null,
      onerror: null as (() => void) | null,
      onabort: null as (() => void) | null,
      open(method: string, url: string) {
        xhr.method = method
        xhr.url = url
      },
      setRequestHeader(name: string, value: string) {
        headers[name] = value
      },
      abort() {
        xhr.onabort?.()
      },
      send(body: unknown) {
        xhr.sent = body
        xhr.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 } as ProgressEvent)
        xhr.status = status
        xhr.responseText = responseText
        xhr.onload?.()
      },
    }
    return { xhr, headers }
  }

  it('posts to the storage object URL with the user token and reports progress', async () => {
    const { xhr, headers } = fakeXhr(200, '{"Key":"x"}')
    const seen: number[] = []
    const body = new Blob(['abc'])
    await uploadWithProgress(
      {
        supabaseUrl: 'https://example.test/',
        apiKey: 'anon',
        accessToken: 'user-token',
        bucket: 'soundtrack 1st',
        name: 'Song #1.wav',
        body,
        contentType: 'audio/wav',
        onProgress: (f) => seen.push(f),
      },
      () => xhr as never,
    )
    expect(xhr.method).toBe('POST')
    expect(xhr.url).toBe('https://example.test/storage/v1/object/soundtrack%201st/Song%20%231.wav')
    expect(headers).toEqual({
      Authorization: 'Bearer user-token',
      apikey: 'anon',
      'x-upsert': 'false',
      'cache-control': 'max-age=3600',
      'content-type': 'audio/wav',
    })
    expect(xhr.sent).toBe(body)
    expect(seen).toEqual([0.5, 1])
  })

  it('rejects with the server message', async () => {
    const { xhr } = fakeXhr(400, '{"statusCode":"409","message":"The resource already exists"}')
    await expect(
      uploadWithProgress(
        {
          supabaseUrl: 'https://example.test',
          apiKey: 'a',
          accessToken: 't',
          bucket: 'b',
          name: 'n.wav',
          body: new Blob(['x']),
          contentType: 'audio/wav',
          onProgress: () => {},
        },
        () => xhr as never,
      ),
    ).rejects.toThrow('The resource already exists')
  })

  it('reads error bodies and builds URLs', () => {
    expect(storageErrorMessage(502, 'Bad Gateway', '<html>')).toBe('502 Bad Gateway')
    expect(storageErrorMessage(0, '', '')).toBe('The server could not be reached.')
    expect(objectUrl('http://h', 'b', 'dir/a b.wav')).toBe(
      'http://h/storage/v1/object/b/dir/a%20b.wav',
    )
  })
})
