import { Router } from 'express';
import { Op } from 'sequelize';
import { pageTargets } from '@shared/rules/pages';
import { popupSchema, type PopupInput } from '@shared/schemas';
import { Popup } from '../models';
import { parseInput } from '../middleware/validate';
import { notFound } from '../errors';
import { intId } from '../lib/params';
import { presentPopup } from '../presenters';
import type { AppContext } from '../context';

/** The client sends its current page URL; only its path decides which popups apply. */
export function pagePath(url: unknown): string {
  if (typeof url !== 'string' || url === '' || url === '*') return '*';
  try {
    return new URL(url, 'http://localhost').pathname || '/';
  } catch {
    return '*';
  }
}

/** Popups in their schedule for a page: showOnPages is '*' or a comma list of paths. */
export async function activePopupsFor(path: string, now = new Date()) {
  const popups = await Popup.findAll({
    where: { isActive: true, startDate: { [Op.lte]: now }, endDate: { [Op.gte]: now } },
    order: [
      ['startDate', 'ASC'],
      ['id', 'ASC'],
    ],
  });
  const targets = pageTargets(path);
  return popups
    .filter((popup) => {
      const pages = popup.showOnPages.split(',').map((page) => page.trim());
      return pages.includes('*') || path === '*' || targets.some((page) => pages.includes(page));
    })
    .map(presentPopup);
}

function popupValues(input: PopupInput) {
  return {
    title: input.title,
    content: input.content,
    type: input.type,
    targetUrl: input.targetUrl || null,
    buttonText: input.buttonText,
    backgroundColor: input.backgroundColor,
    textColor: input.textColor,
    imageUrl: input.imageUrl || null,
    imagePosition: input.imagePosition,
    startDate: input.startDate,
    endDate: input.endDate,
    showOnPages: input.showOnPages,
    triggerAfterSeconds: input.triggerAfterSeconds,
    isActive: input.isActive,
  };
}

export function publicPopupRoutes(): Router {
  const router = Router();
  router.get('/active', async (req, res) => {
    res.json(await activePopupsFor(pagePath(req.query.url)));
  });
  return router;
}

export function adminPopupRoutes({ db }: AppContext): Router {
  const router = Router();

  router.get('/', async (_req, res) => {
    const popups = await Popup.findAll({ order: [['id', 'DESC']] });
    res.json(popups.map(presentPopup));
  });

  router.post('/', async (req, res) => {
    const input = parseInput(popupSchema, req.body);
    const popup = await db.write((transaction) =>
      Popup.create(popupValues(input), { transaction }),
    );
    res.status(201).json(presentPopup(popup));
  });

  router.put('/:id', async (req, res) => {
    const id = intId(req.params.id, 'Popup');
    const input = parseInput(popupSchema, req.body);
    const popup = await db.write(async (transaction) => {
      const found = await Popup.findByPk(id, { transaction });
      if (!found) throw notFound('Popup not found');
      return found.update(popupValues(input), { transaction });
    });
    res.json(presentPopup(popup));
  });

  router.delete('/:id', async (req, res) => {
    const id = intId(req.params.id, 'Popup');
    await db.write(async (transaction) => {
      const popup = await Popup.findByPk(id, { transaction });
      if (!popup) throw notFound('Popup not found');
      await popup.destroy({ transaction });
    });
    res.status(204).end();
  });

  return router;
}
