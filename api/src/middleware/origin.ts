import type { Request, RequestHandler } from 'express';
import { forbidden } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function requestOrigin(req: Request): string {
  return `${req.protocol}://${req.get('host') ?? ''}`;
}

/**
 * Cookies ride along on cross-site form posts, so a state-changing request that announces a
 * foreign Origin is refused before it reaches a handler (SameSite=Lax covers the rest).
 */
export function originCheck(options: {
  publicUrl: string | null;
  desktopOrigins: string[];
}): RequestHandler {
  const allowed = new Set(options.desktopOrigins);
  if (options.publicUrl) allowed.add(new URL(options.publicUrl).origin);
  return (req, _res, next) => {
    const origin = req.get('origin');
    if (SAFE_METHODS.has(req.method) || !origin) return next();
    if (origin === requestOrigin(req) || allowed.has(origin)) return next();
    next(forbidden('Origin not allowed'));
  };
}
