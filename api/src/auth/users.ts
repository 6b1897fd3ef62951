import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database';
import type { User } from '../db/models';
import { hashPassword } from './passwords';
import { revokeUserSessions } from './session';
import { runAs } from '../audit/log';

export async function createAdmin(db: Database, username: string, password: string) {
  const passwordHash = await hashPassword(password);
  return db.write((transaction) =>
    db.models.User.create({ username, passwordHash }, { transaction }),
  );
}

export interface UserChange {
  password?: string;
  disabled?: boolean;
}

/**
 * Sets a new password and/or disables or enables the user. A new password or a disabled
 * account ends every session of the user (but `keepSessionId`, the caller's own session when
 * an admin changes their own password).
 */
export async function changeUser(
  db: Database,
  user: User,
  change: UserChange,
  keepSessionId?: number,
): Promise<User> {
  const passwordHash = change.password === undefined ? null : await hashPassword(change.password);
  return db.write(async (transaction) => {
    await user.reload({ transaction });
    if (passwordHash !== null) user.passwordHash = passwordHash;
    if (change.disabled !== undefined) user.disabled = change.disabled;
    await user.save({ transaction });
    if (passwordHash !== null || change.disabled === true) {
      await revokeUserSessions(
        db,
        transaction,
        user.id,
        change.disabled ? undefined : keepSessionId,
      );
    }
    return user;
  });
}

/** Sets a new password and signs the user out everywhere (`npm run admin -- reset-password`). */
export async function resetAdminPassword(db: Database, username: string, password: string) {
  const user = await db.models.User.findOne({ where: { username } });
  if (!user) return null;
  return changeUser(db, user, { password });
}

export function generatePassword(): string {
  return randomBytes(12).toString('base64url');
}

/** The admin made on a first start; `password` only when it was generated (shown once). */
export interface FirstAdmin {
  username: string;
  password: string | null;
}

/**
 * The first start creates an admin so that the back office can be reached at all: from the
 * environment when given, otherwise with a generated password, which the caller prints once.
 */
export async function ensureFirstAdmin(
  db: Database,
  options: { username: string | null; password: string | null; log: (line: string) => void },
): Promise<FirstAdmin | null> {
  if ((await db.models.User.count()) > 0) return null;
  const username = options.username ?? 'admin';
  const password = options.password ?? generatePassword();
  await runAs({ userId: null, username: 'system', ip: null }, () =>
    createAdmin(db, username, password),
  );
  if (options.password) {
    options.log(`Created admin user "${username}" from ADMIN_USERNAME/ADMIN_PASSWORD.`);
    return { username, password: null };
  }
  // The password itself is printed by whoever started the server, last, where it is seen
  // (cli/start-banner.ts); a log line here would bury it in the start-up output.
  options.log(`Created admin user "${username}" with a generated password.`);
  return { username, password };
}
