import { UniqueConstraintError, type Identifier, type Model, type ModelStatic } from 'sequelize';
import type { Transaction } from 'sequelize';
import { conflict, notFound } from '../errors';
import type { Database } from './database';

/** The record with this primary key, or a 404 that names what was asked for. */
export async function findOr404<M extends Model>(
  model: ModelStatic<M>,
  id: Identifier,
  what: string,
  transaction?: Transaction,
): Promise<M> {
  const found = await model.findByPk(id, { transaction });
  if (!found) throw notFound(`${what} not found`);
  return found;
}

/** Loads the record inside a write transaction (404 when it is gone) and hands it to `work`. */
export function writeExisting<M extends Model, T>(
  db: Database,
  model: ModelStatic<M>,
  id: Identifier,
  what: string,
  work: (record: M, transaction: Transaction) => Promise<T>,
): Promise<T> {
  return db.write(async (transaction) =>
    work(await findOr404(model, id, what, transaction), transaction),
  );
}

/** Deletes the record, or answers 404 when there is none. */
export function destroyExisting<M extends Model>(
  db: Database,
  model: ModelStatic<M>,
  id: Identifier,
  what: string,
): Promise<void> {
  return writeExisting(db, model, id, what, (record, transaction) =>
    record.destroy({ transaction }),
  );
}

/** A write that breaks a unique index answers 409 with the spec's message. */
export async function conflictOnDuplicate<T>(message: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof UniqueConstraintError) throw conflict(message);
    throw error;
  }
}
