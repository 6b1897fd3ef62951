import type { UserCreateInput, UserUpdateInput } from '@shared/schemas';
import type { Database } from '../db/database';
import { conflictOnDuplicate, findOr404 } from '../db/records';
import { badRequest, conflict, HttpError } from '../errors';
import { verifyUserPassword } from '../auth/passwords';
import { col, fn, where } from 'sequelize';
import { changeUser, createAdmin } from '../auth/users';
import type { AdminSession, User } from '../db/models';
import { presentAdminUser } from './presenter';

export const USERNAME_TAKEN = 'Username already exists';
export const CANNOT_DISABLE_SELF = 'You cannot disable your own account';
export const CURRENT_PASSWORD_REQUIRED = 'Your current password is required';
export const CURRENT_PASSWORD_WRONG = 'Your current password is incorrect';

/**
 * A new password or a change of an account's status asks for the acting admin's own password
 * (403 when missing or wrong): a session left open, or taken, cannot lock staff out or take
 * over their accounts by itself. The hash is read afresh, never from the session's copy.
 */
async function requireCurrentPassword(db: Database, actor: User, currentPassword?: string) {
  if (!currentPassword) {
    throw new HttpError(403, CURRENT_PASSWORD_REQUIRED, {
      currentPassword: CURRENT_PASSWORD_REQUIRED,
    });
  }
  const fresh = await db.models.User.findByPk(actor.id);
  if (!(await verifyUserPassword(currentPassword, fresh?.passwordHash))) {
    throw new HttpError(403, CURRENT_PASSWORD_WRONG, { currentPassword: CURRENT_PASSWORD_WRONG });
  }
}

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
 * A new password and/or disabled flag, confirmed with the acting admin's current password. An
 * admin cannot disable their own account; a new password of one's own keeps the session it
 * was set from.
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
  if (input.password !== undefined || input.disabled !== undefined) {
    await requireCurrentPassword(db, actor.user, input.currentPassword);
  }
  const updated = await changeUser(
    db,
    user,
    { password: input.password, disabled: input.disabled },
    self ? actor.session.id : undefined,
  );
  return presentAdminUser(updated);
}
