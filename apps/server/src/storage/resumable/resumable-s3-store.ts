// The S3 side of resumable-store.ts, loaded only with STORAGE_BACKEND=s3 (it brings the AWS SDK).
// The tus id of an upload is its version's key, so completing the multipart upload leaves the
// object exactly where S3ObjectStore reads versions.
import { DeleteObjectsCommand, HeadObjectCommand } from '@aws-sdk/client-s3'
import { S3Store } from '@tus/s3-store'
import { storageUnavailable } from '../errors.js'
import type { ObjectStore } from '../object-store.js'
import { versionKey } from '../object-store.js'
import { S3ObjectStore, s3ClientConfig } from '../s3-object-store.js'
import {
  S3_PART_BYTES,
  versionOfKey,
  type ResumableStore,
  type ResumableStoreOptions,
} from './store-contract.js'

/** Parts uploading at once to S3 from this process, all uploads together (each a temp file). */
const CONCURRENT_PARTS = 4

class S3TusStore extends S3Store {
  constructor(
    config: ConstructorParameters<typeof S3Store>[0],
    private readonly onTerminated: (id: string) => Promise<void>,
  ) {
    super(config)
  }

  override async remove(id: string): Promise<void> {
    await this.abort(id)
    await this.onTerminated(id)
  }

  /**
   * What remove() does without telling anyone (our own clean-up of an unfinished upload), plus
   * the incomplete part, which @tus/s3-store's remove leaves behind.
   */
  async abort(id: string): Promise<void> {
    await super.remove(id)
    await this.deleteIncompletePart(id).catch(() => undefined)
  }
}

export function createS3ResumableStore(
  files: ObjectStore,
  options: ResumableStoreOptions,
): ResumableStore {
  if (!(files instanceof S3ObjectStore)) {
    throw new Error(`resumable uploads need the local disk or S3, not ${files.kind}`)
  }
  const onTerminated = async (id: string) => {
    const version = versionOfKey(id)
    if (version) await options.onTerminated(version)
  }
  const datastore = new S3TusStore(
    {
      partSize: S3_PART_BYTES,
      maxConcurrentPartUploads: CONCURRENT_PARTS,
      expirationPeriodInMilliseconds: options.expiresInMs,
      // Expiry is ours (the uploads book), not a bucket lifecycle rule on tags, which not every
      // S3-compatible service has.
      useTags: false,
      s3ClientConfig: { ...s3ClientConfig(files.settings), bucket: files.bucket },
    },
    onTerminated,
  )
  const extras = (key: string) => [{ Key: `${key}.info` }, { Key: `${key}.part` }]
  return {
    datastore,
    keyOf: versionKey,
    versionOf: versionOfKey,
    async finish(version) {
      const key = versionKey(version)
      try {
        const head = await files.client.send(
          new HeadObjectCommand({ Bucket: files.bucket, Key: key }),
        )
        await files.client.send(
          new DeleteObjectsCommand({ Bucket: files.bucket, Delete: { Objects: extras(key) } }),
        )
        return { size: head.ContentLength ?? 0, eTag: head.ETag ?? `"${version}"` }
      } catch (e) {
        throw storageUnavailable(e)
      }
    },
    async discard(version) {
      const key = versionKey(version)
      // Aborts the multipart upload (its parts go with it); a finished one is left alone.
      await datastore.abort(key).catch(() => undefined)
      await files.client
        .send(new DeleteObjectsCommand({ Bucket: files.bucket, Delete: { Objects: extras(key) } }))
        .catch(() => undefined)
    },
  }
}
