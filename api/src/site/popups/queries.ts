import { Op, type WhereOptions } from 'sequelize';
import { popupMatchesPage } from '@shared/rules/popup';
import type { PopupInput } from '@shared/schemas';
import type { AdminListPage, Popup } from '@shared/types';
import type { Database } from '../../db/database';
import { destroyExisting, writeExisting } from '../../db/records';
import { containsIgnoringCase } from '../../lib/like';
import { pageOfRows, type AdminSiteListQuery } from '../admin-pages';
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

/** The admin's search: a substring of the title or the content, in any case. */
const popupSearch = (db: Database, search: string | undefined): WhereOptions =>
  search?.trim() ? containsIgnoringCase(db, ['Popup.title', 'Popup.content'], search.trim()) : {};

export async function listPopups(db: Database, search?: string) {
  const popups = await db.models.Popup.findAll({
    where: popupSearch(db, search),
    order: [['id', 'DESC']],
  });
  return popups.map(presentPopup);
}

/** GET /api/admin/popups?page=N: one page, newest first like the whole list. */
export async function pagePopups(
  db: Database,
  query: AdminSiteListQuery & { page: number },
): Promise<AdminListPage<'popups', Popup>> {
  const { rows, ...page } = await pageOfRows(db.models.Popup, {
    where: popupSearch(db, query.search),
    order: [['id', 'DESC']],
    page: query.page,
    limit: query.limit,
  });
  return { popups: rows.map(presentPopup), ...page };
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
