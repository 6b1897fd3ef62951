import { Router } from 'express';
import type { ZodType } from 'zod';
import { contactContentSchema, contentUpdateSchema, heroContentSchema } from '@shared/schemas';
import { ContentBlock } from '../models';
import { parseInput } from '../middleware/validate';
import { badRequest, notFound } from '../errors';
import { presentContentBlock } from '../presenters';
import type { AppContext } from '../context';

const KEY = /^[a-z0-9_-]{1,64}$/;

function contentKey(raw: unknown): string {
  const key = String(raw ?? '');
  if (!KEY.test(key)) throw notFound('Content not found');
  return key;
}

/** The known keys carry structured data that must pass its own form's rules. */
const dataSchemas: Record<string, ZodType | undefined> = {
  contact_us: contactContentSchema,
  homepage_hero: heroContentSchema,
};

function checkData(key: string, data: string): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    throw badRequest('Data must be valid JSON', { data: 'Data must be valid JSON' });
  }
  const schema = dataSchemas[key];
  if (schema) parseInput(schema, parsed);
}

export async function findActiveContent(key: string) {
  const block = await ContentBlock.findOne({ where: { key, isActive: true } });
  return block ? presentContentBlock(block) : null;
}

export function publicContentRoutes(): Router {
  const router = Router();
  router.get('/', async (_req, res) => {
    const blocks = await ContentBlock.findAll({
      where: { isActive: true },
      order: [['key', 'ASC']],
    });
    res.json(blocks.map(presentContentBlock));
  });
  router.get('/:key', async (req, res) => {
    const block = await findActiveContent(contentKey(req.params.key));
    if (!block) throw notFound('Content not found');
    res.json(block);
  });
  return router;
}

export function adminContentRoutes({ db }: AppContext): Router {
  const router = Router();

  router.get('/', async (_req, res) => {
    const blocks = await ContentBlock.findAll({ order: [['key', 'ASC']] });
    res.json(blocks.map(presentContentBlock));
  });

  router.get('/:key', async (req, res) => {
    const block = await ContentBlock.findOne({ where: { key: contentKey(req.params.key) } });
    if (!block) throw notFound('Content not found');
    res.json(presentContentBlock(block));
  });

  router.put('/:key', async (req, res) => {
    const key = contentKey(req.params.key);
    const input = parseInput(contentUpdateSchema, { ...req.body, key });
    checkData(key, input.data);
    const { block, created } = await db.write(async (transaction) => {
      const values = {
        title: input.title,
        data: input.data,
        isActive: input.isActive ?? true,
        lastModified: new Date(),
      };
      const existing = await ContentBlock.findOne({ where: { key }, transaction });
      if (existing)
        return { block: await existing.update(values, { transaction }), created: false };
      return {
        block: await ContentBlock.create({ key, ...values }, { transaction }),
        created: true,
      };
    });
    res.status(created ? 201 : 200).json(presentContentBlock(block));
  });

  return router;
}
