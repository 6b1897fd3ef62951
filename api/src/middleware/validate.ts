import type { Request, RequestHandler, Response } from 'express';
import type { z, ZodType } from 'zod';
import { zodErrorToFields } from '@shared/schemas';
import { badRequest, notFound } from '../errors';

/** Parses `input` with a shared schema, or throws a 400 carrying the spec's own messages. */
export function parseInput<T>(schema: ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input ?? {});
  if (!result.success) {
    const { message, errors } = zodErrorToFields(result.error);
    throw badRequest(message, errors);
  }
  return result.data;
}

/** The parts of a request a route may declare a schema for. */
export interface InputSchemas {
  params?: ZodType;
  query?: ZodType;
  body?: ZodType;
}

/** What the handler receives: each declared part, parsed. */
export type Input<S extends InputSchemas> = {
  [K in keyof S]: S[K] extends ZodType ? z.output<S[K]> : never;
};

export interface Validation<I> {
  parse(req: Request): I;
}

/**
 * Checks the path, then the query, then the body, each with its own way of failing:
 * - params: a malformed id is an unknown record, 404 with the schema's message
 *   ('Product not found');
 * - query: 400 `Invalid query parameter <name>`, or, when the schema's own check refused it (a
 *   custom issue, worded for people), that message, also under the parameter's name;
 * - body: 400 with the spec's messages, per field (`{message, errors}`).
 */
export function validate<S extends InputSchemas>(schemas: S): Validation<Input<S>> {
  return {
    parse(req) {
      const input: Partial<Record<keyof InputSchemas, unknown>> = {};
      if (schemas.params) {
        const result = schemas.params.safeParse(req.params);
        if (!result.success) throw notFound(result.error.issues[0]?.message);
        input.params = result.data;
      }
      if (schemas.query) {
        const result = schemas.query.safeParse(req.query);
        if (!result.success) {
          const issue = result.error.issues[0];
          const name = String(issue?.path[0] ?? '');
          if (issue?.code === 'custom' && name) {
            throw badRequest(issue.message, { [name]: issue.message });
          }
          throw badRequest(`Invalid query parameter ${name}`.trim());
        }
        input.query = result.data;
      }
      if (schemas.body) input.body = parseInput(schemas.body, req.body);
      return input as Input<S>;
    },
  };
}

/**
 * A route handler that works on validated, typed input:
 * `router.put('/:id', route(validate({ params, body }), async ({ params, body }, res) => ...))`.
 * Express 5 forwards a rejected promise to the error handler, so handlers simply throw.
 */
export function route<I>(
  validation: Validation<I>,
  handler: (input: I, res: Response, req: Request) => Promise<void> | void,
): RequestHandler {
  return async (req, res) => {
    await handler(validation.parse(req), res, req);
  };
}

/** Answers with what `work` returns, as JSON (200, or `status`). */
export function json<I>(
  validation: Validation<I>,
  work: (input: I) => Promise<unknown>,
  status = 200,
): RequestHandler {
  return route(validation, async (input, res) => {
    res.status(status).json(await work(input));
  });
}

/** Answers 201 with the created record that `work` returns. */
export const created = <I>(validation: Validation<I>, work: (input: I) => Promise<unknown>) =>
  json(validation, work, 201);

/** Runs `work` (a delete) and answers 204 without a body. */
export function noContent<I>(
  validation: Validation<I>,
  work: (input: I) => Promise<unknown>,
): RequestHandler {
  return route(validation, async (input, res) => {
    await work(input);
    res.status(204).end();
  });
}
