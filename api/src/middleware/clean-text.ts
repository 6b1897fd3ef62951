import type { RequestHandler } from 'express';
import { cleanStrings } from '../lib/clean-text';

/**
 * Removes NUL characters and lone UTF-16 surrogates from every string of the parsed JSON body
 * and of the query string, so that no request can make PostgreSQL refuse a statement
 * (a NUL in text is an error there) or store text that is not valid UTF-8. Mount it after
 * express.json().
 */
export const cleanRequestText: RequestHandler = (req, _res, next) => {
  if (req.body !== undefined && req.body !== null) req.body = cleanStrings(req.body);
  // Express 5 computes req.query in a getter on every read; the cleaned copy shadows it.
  const query: unknown = req.query;
  const cleanQuery = cleanStrings(query);
  if (cleanQuery !== query) {
    Object.defineProperty(req, 'query', { value: cleanQuery, writable: true, configurable: true });
  }
  next();
};
