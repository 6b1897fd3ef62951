import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Request, RequestHandler } from 'express';

export const REQUEST_ID_HEADER = 'X-Request-Id';
/** An id a proxy assigned is kept when it is short and plain; anything else is replaced. */
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{8,64}$/;

const ids = new WeakMap<Request, string>();

/** The request's id (the one sent back in X-Request-Id and written to its log lines). */
export function requestId(req: Request): string | undefined {
  return ids.get(req);
}

/** The id a proxy gave the request when it is acceptable, else a new one. */
export function offeredOrNewRequestId(req: IncomingMessage): string {
  const offered = req.headers['x-request-id'];
  return typeof offered === 'string' && ACCEPTED_ID.test(offered) ? offered : randomUUID();
}

/** Gives every request an id, answers it in X-Request-Id, and lets log lines carry it. */
export const assignRequestId: RequestHandler = (req, res, next) => {
  const id = offeredOrNewRequestId(req);
  ids.set(req, id);
  res.set(REQUEST_ID_HEADER, id);
  next();
};
