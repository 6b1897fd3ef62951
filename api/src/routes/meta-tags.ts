import { Router } from 'express';
import { Op } from 'sequelize';
import { metaTagSchema } from '@shared/schemas';
import { parseMetaTag } from '@shared/rules/meta-tag';
import { MetaTag } from '../models';
import { parseInput } from '../middleware/validate';
import { notFound } from '../errors';
import { intId } from '../lib/params';
import { presentMetaTag } from '../presenters';
import type { AppContext } from '../context';

/** The raw tag is kept for the editor; pages only ever render these parsed, escaped parts. */
function parsedParts(htmlTag: string) {
  const parsed = parseMetaTag(htmlTag);
  return {
    parsedName: parsed?.name ?? null,
    parsedProperty: parsed?.property ?? null,
    parsedContent: parsed?.content ?? null,
  };
}

/** Active tags for a page path: those for every page ('*') and those for exactly this path. */
export async function activeMetaTagsFor(path: string) {
  const tags = await MetaTag.findAll({
    where: { isActive: true, pageUrl: { [Op.in]: ['*', path] } },
    order: [['id', 'ASC']],
  });
  return tags.map(presentMetaTag);
}

export function adminMetaTagRoutes({ db }: AppContext): Router {
  const router = Router();

  router.get('/', async (_req, res) => {
    const tags = await MetaTag.findAll({ order: [['id', 'ASC']] });
    res.json(tags.map(presentMetaTag));
  });

  router.post('/', async (req, res) => {
    const input = parseInput(metaTagSchema, req.body);
    const tag = await db.write((transaction) =>
      MetaTag.create({ ...input, ...parsedParts(input.htmlTag) }, { transaction }),
    );
    res.status(201).json(presentMetaTag(tag));
  });

  router.put('/:id', async (req, res) => {
    const id = intId(req.params.id, 'Meta tag');
    const input = parseInput(metaTagSchema, req.body);
    const tag = await db.write(async (transaction) => {
      const found = await MetaTag.findByPk(id, { transaction });
      if (!found) throw notFound('Meta tag not found');
      return found.update({ ...input, ...parsedParts(input.htmlTag) }, { transaction });
    });
    res.json(presentMetaTag(tag));
  });

  router.delete('/:id', async (req, res) => {
    const id = intId(req.params.id, 'Meta tag');
    await db.write(async (transaction) => {
      const tag = await MetaTag.findByPk(id, { transaction });
      if (!tag) throw notFound('Meta tag not found');
      await tag.destroy({ transaction });
    });
    res.status(204).end();
  });

  return router;
}
