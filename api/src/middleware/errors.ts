import type { ErrorRequestHandler, RequestHandler } from 'express';
import { HttpError, notFound } from '../errors';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE } from '../db/unavailable';
import { errorFields, logger as defaultLogger, type Logger } from '../lib/logger';
import { requestId } from './request-id';

/** Errors raised by body-parser, serve-static and friends carry their own HTTP status. */
interface StatusError {
  type?: string;
  status?: number;
}

function isStatusError(error: unknown): error is StatusError {
  return typeof error === 'object' && error !== null && 'status' in error;
}

export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(notFound(`No API route for ${req.method} ${req.path}`));
};

/**
 * The single place errors become responses. Only HttpError messages and body-parser verdicts
 * reach the client; anything else is logged and answered with a bare 500, never a stack or SQL.
 * Bad input (4xx) is not logged; a fault is one structured line with the request id, the
 * method and the path (never the query string, which may carry what a visitor typed), and a
 * stack trace only for a real fault (500), not for an unreachable database (503).
 */
export function createErrorHandler(logger: Logger = defaultLogger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    if (error instanceof HttpError) {
      res
        .status(error.status)
        .json(
          error.fieldErrors
            ? { message: error.message, errors: error.fieldErrors }
            : { message: error.message },
        );
      return;
    }
    if (isStatusError(error)) {
      if (error.type === 'entity.too.large') {
        res.status(413).json({ message: 'Request body is too large' });
        return;
      }
      if (error.type === 'entity.parse.failed') {
        res.status(400).json({ message: 'Malformed JSON body' });
        return;
      }
      if (error.status === 404) {
        res.status(404).json({ message: 'Not found' });
        return;
      }
      if (error.status && error.status >= 400 && error.status < 500) {
        res.status(error.status).json({ message: 'Bad request' });
        return;
      }
    }
    const where = { reqId: requestId(req), method: req.method, path: req.path };
    if (isDatabaseUnavailable(error)) {
      // The database is down or restarting: the client may retry; nothing is wrong with the request.
      logger.warn(
        { ...where, status: 503, err: errorFields(error, false) },
        'database unavailable',
      );
      res.set('Retry-After', String(RETRY_AFTER_SECONDS));
      res.status(503).json({ message: UNAVAILABLE_MESSAGE });
      return;
    }
    logger.error({ ...where, status: 500, err: errorFields(error, true) }, 'request failed');
    res.status(500).json({ message: 'Internal server error' });
  };
}

export const errorHandler: ErrorRequestHandler = createErrorHandler();
