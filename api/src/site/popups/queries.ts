import { Op } from 'sequelize';
import { popupMatchesPage } from '@shared/rules/popup';
import type { PopupInput } from '@shared/schemas';
import type { Database } from '../../db/database';
import { destroyExisting, writeExisting } from '../../db/records';
import { presentPopup } from './presenter';

/** Popups in their schedule for a page path ('*': no page named, every popup applies). */
export async function activePopupsFor(db: Database, path: string, now = new Date()) {
  const popups = await db.models.Popup.findAll({
    where: { isActive: true, startDate: { [Op.lte]: now }, endDate: { [Op.gte]: now } },
    order: [
      ['startDate', 'ASC'],
      ['id', 'ASC'],
    ],
  });
  return popups.filter((popup) => popupMatchesPage(popup.showOnPages, path)).map(presentPopup);
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

export async function listPopups(db: Database) {
  const popups = await db.models.Popup.findAll({ order: [['id', 'DESC']] });
  return popups.map(presentPopup);
}

export async function createPopup(db: Database, input: PopupInput) {
  const popup = await db.write((transaction) =>
    db.models.Popup.create(popupValues(input), { transaction }),
  );
  return presentPopup(popup);
}

export async function updatePopup(db: Database, id: number, input: PopupInput) {
  const popup = await writeExisting(db, db.models.Popup, id, 'Popup', (found, transaction) =>
    found.update(popupValues(input), { transaction }),
  );
  return presentPopup(popup);
}

export const deletePopup = (db: Database, id: number) =>
  destroyExisting(db, db.models.Popup, id, 'Popup');
