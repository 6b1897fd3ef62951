import type { RequestHandler } from 'express';
import { logger as defaultLogger, type Logger } from '../lib/logger';

/**
 * Behind a proxy without TRUST_PROXY every visitor has the proxy's address, so the login
 * limiter counts everyone's failures against one key and may lock the real admin out. The
 * first request that arrives with X-Forwarded-For while trust proxy is off logs a warning
 * (once per process) saying what to set.
 */
export function warnUntrustedProxy(
  trustProxy: boolean | number | string,
  logger: Logger = defaultLogger,
): RequestHandler {
  let warned = Boolean(trustProxy);
  return (req, _res, next) => {
    if (!warned && req.headers['x-forwarded-for'] !== undefined) {
      warned = true;
      logger.warn(
        { peer: req.socket.remoteAddress ?? null },
        'Requests arrive with X-Forwarded-For but TRUST_PROXY is off: every visitor appears ' +
          'as the proxy, so the login limit and connection caps apply to all of them at once. ' +
          'Set TRUST_PROXY (e.g. TRUST_PROXY=1 for one proxy hop).',
      );
    }
    next();
  };
}
