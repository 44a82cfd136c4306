// No secret in a log line: a request's URL is logged with the values of the query parameters
// that carry one (the link token of a confirmation mail, a signed-URL token, `?apikey=`, refresh
// and access tokens) replaced, so an access log can be read, shipped and kept without becoming a
// list of working links and keys.
import type { FastifyRequest } from 'fastify'
import type { Config } from '../config.js'

const SECRET_PARAMS =
  /([?&;])(token|token_hash|apikey|api_key|access_token|refresh_token|code|password|secret|signature|x-amz-signature|x-amz-credential|x-amz-security-token)=[^&;#]*/gi

export function redactUrl(url: string): string {
  return url.includes('?') ? url.replace(SECRET_PARAMS, '$1$2=[redacted]') : url
}

/** Fastify's default request serializer, with the URL redacted. */
export function logRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    version: [req.headers['accept-version']].flat()[0],
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  }
}

/** The server's logger settings (app.ts): the level, and requests logged with redacted URLs. */
export function loggerOptions(level: Exclude<Config['logLevel'], 'silent'>) {
  return { level, serializers: { req: logRequest } }
}
