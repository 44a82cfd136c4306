// 'Failed to load behind the scenes videos' (docs/product/errors.md#error-messages) once a list of
// the bucket has failed. While the backend is briefly down the page says "back in a moment"
// instead, with no toast.
import { useEffect } from 'react'
import type { ReadResult } from '../../lib/read-result'
import { toast } from '../../ui/toast'

export const BTS_LOAD_FAILED = 'Failed to load behind the scenes videos'

export function useBtsFailureToast(result: ReadResult<unknown>): void {
  const failed = result.status === 'failed'
  useEffect(() => {
    if (failed) toast.error(BTS_LOAD_FAILED)
  }, [failed])
}
