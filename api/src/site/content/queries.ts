import type { ContentUpdateInput } from '@shared/schemas';
import type { Database } from '../../db/database';
import { notFound } from '../../errors';
import { presentContentBlock } from './presenter';

export async function listContent(db: Database, audience: 'visitor' | 'admin') {
  const blocks = await db.models.ContentBlock.findAll({
    where: audience === 'visitor' ? { isActive: true } : {},
    order: [['key', 'ASC']],
  });
  return blocks.map(presentContentBlock);
}

/** What visitors see of a block: null when it is missing or inactive. */
export async function findActiveContent(db: Database, key: string) {
  const block = await db.models.ContentBlock.findOne({ where: { key, isActive: true } });
  return block ? presentContentBlock(block) : null;
}

export async function findContent(db: Database, key: string) {
  const block = await db.models.ContentBlock.findOne({ where: { key } });
  if (!block) throw notFound('Content not found');
  return presentContentBlock(block);
}

/** Creates the block on its first save; `created` tells the route to answer 201. */
export async function saveContent(db: Database, key: string, input: ContentUpdateInput) {
  const { ContentBlock } = db.models;
  const { block, created } = await db.write(async (transaction) => {
    const values = {
      title: input.title,
      data: input.data,
      isActive: input.isActive ?? true,
      lastModified: new Date(),
    };
    const existing = await ContentBlock.findOne({ where: { key }, transaction });
    if (existing) return { block: await existing.update(values, { transaction }), created: false };
    return {
      block: await ContentBlock.create({ key, ...values }, { transaction }),
      created: true,
    };
  });
  return { block: presentContentBlock(block), created };
}
