import type { Router } from 'express';
import type { z, ZodType } from 'zod';
import { created, json, noContent, validate } from './validate';
import { idParams } from '../lib/params';

/** How an admin screen writes one kind of integer-keyed record. */
export interface RecordWrites<C extends ZodType, U extends ZodType> {
  /** Names the record in the 404 of an unknown id: `<what> not found`. */
  what: string;
  createBody: C;
  updateBody: U;
  create(body: z.output<C>): Promise<unknown>;
  update(id: number, body: z.output<U>): Promise<unknown>;
  remove(id: number): Promise<unknown>;
}

/**
 * POST / (201 with the record), PUT /:id (200 with the record) and DELETE /:id (204): the
 * same three routes for every record an admin screen creates, edits and deletes.
 */
export function mountRecordWrites<C extends ZodType, U extends ZodType>(
  router: Router,
  writes: RecordWrites<C, U>,
): void {
  const params = idParams(writes.what);
  router.post(
    '/',
    created(validate({ body: writes.createBody }), ({ body }) => writes.create(body)),
  );
  router.put(
    '/:id',
    json(validate({ params, body: writes.updateBody }), ({ params: { id }, body }) =>
      writes.update(id, body),
    ),
  );
  router.delete(
    '/:id',
    noContent(validate({ params }), ({ params: { id } }) => writes.remove(id)),
  );
}
