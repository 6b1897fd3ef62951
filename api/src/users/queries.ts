import type { UserCreateInput, UserUpdateInput } from '@shared/schemas';
import type { Database } from '../db/database';
import { conflictOnDuplicate, findOr404 } from '../db/records';
import { badRequest, conflict } from '../errors';
import { col, fn, where } from 'sequelize';
import { changeUser, createAdmin } from '../auth/users';
import type { AdminSession, User } from '../db/models';
import { presentAdminUser } from './presenter';

export const USERNAME_TAKEN = 'Username already exists';
export const CANNOT_DISABLE_SELF = 'You cannot disable your own account';

export async function listAdminUsers(db: Database) {
  const users = await db.models.User.findAll({ order: [['username', 'ASC']] });
  return users.map(presentAdminUser);
}

export async function createAdminUser(db: Database, input: UserCreateInput) {
  // Names differing only in case ("Admin" beside "admin") would only confuse.
  const taken = await db.models.User.findOne({
    where: where(fn('lower', col('username')), input.username.toLowerCase()),
  });
  if (taken) throw conflict(USERNAME_TAKEN);
  const user = await conflictOnDuplicate(USERNAME_TAKEN, () =>
    createAdmin(db, input.username, input.password),
  );
  return presentAdminUser(user);
}

/**
 * A new password and/or disabled flag. An admin cannot disable their own account; a new
 * password of one's own keeps the session it was set from.
 */
export async function updateAdminUser(
  db: Database,
  id: number,
  input: UserUpdateInput,
  actor: { user: User; session: AdminSession },
) {
  const user = await findOr404(db.models.User, id, 'User');
  const self = user.id === actor.user.id;
  if (self && input.disabled === true) {
    throw badRequest(CANNOT_DISABLE_SELF, { disabled: CANNOT_DISABLE_SELF });
  }
  const updated = await changeUser(
    db,
    user,
    { password: input.password, disabled: input.disabled },
    self ? actor.session.id : undefined,
  );
  return presentAdminUser(updated);
}
