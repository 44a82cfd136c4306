import { readRuntimeConfig } from '../../../../lib/runtime-config'
import { getSupabase } from '../../../../lib/supabase'
import { contentTypeOf } from '../upload-checks'
import { uploadWithProgress } from '../upload-with-progress'

/** Uploads `file` as `bucket/<file name>` with the signed-in admin's token, reporting progress. */
export async function uploadObject(
  bucket: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<void> {
  const supabase = await getSupabase()
  const { data } = await supabase.auth.getSession()
  const accessToken = data.session?.access_token
  if (!accessToken) throw new Error('You are signed out. Sign in again to upload.')
  const { supabaseUrl, supabaseAnonKey } = readRuntimeConfig(
    document,
    import.meta.env,
    window.location.origin,
  )
  await uploadWithProgress({
    supabaseUrl,
    apiKey: supabaseAnonKey,
    accessToken,
    bucket,
    name: file.name,
    body: file,
    contentType: contentTypeOf(file),
    onProgress,
  })
}
