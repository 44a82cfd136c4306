// `npm run keys`: prints the project URL and the anon and service-role keys for this DATA_DIR /
// JWT_SECRET, without starting the database (it creates secrets.json if this is the first use,
// so the keys printed are the ones the server will use).
import { checkServerConfig, ConfigError, loadConfig } from './config.js'
import { deriveKeys, effectiveJwtSecret, loadOrCreateSecrets } from './keys.js'

try {
  const config = loadConfig(process.env)
  checkServerConfig(config)
  const secrets = await loadOrCreateSecrets(config.dataDir)
  const keys = await deriveKeys(effectiveJwtSecret(config.jwtSecret, secrets))
  process.stdout.write(
    [
      `SUPABASE_URL=${config.publicSupabaseUrl ?? config.siteUrl}`,
      `SUPABASE_ANON_KEY=${keys.anonKey}`,
      `SUPABASE_SERVICE_ROLE_KEY=${keys.serviceRoleKey}`,
      '# The service-role key bypasses row level security: keep it for operators and scripts.',
      '',
    ].join('\n'),
  )
} catch (e) {
  process.stderr.write(`${e instanceof ConfigError ? e.message : String(e)}\n`)
  process.exitCode = 1
}
