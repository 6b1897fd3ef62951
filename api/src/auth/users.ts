import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database';
import { hashPassword } from './passwords';

export async function createAdmin(db: Database, username: string, password: string) {
  const passwordHash = await hashPassword(password);
  return db.write((transaction) =>
    db.models.User.create({ username, passwordHash }, { transaction }),
  );
}

/** Sets a new password and bumps the session version, signing the user out everywhere. */
export async function resetAdminPassword(db: Database, username: string, password: string) {
  const passwordHash = await hashPassword(password);
  return db.write(async (transaction) => {
    const user = await db.models.User.findOne({ where: { username }, transaction });
    if (!user) return null;
    user.passwordHash = passwordHash;
    user.sessionVersion = user.sessionVersion + 1;
    await user.save({ transaction });
    return user;
  });
}

export function generatePassword(): string {
  return randomBytes(12).toString('base64url');
}

/**
 * The first start creates an admin so that the back office can be reached at all: from the
 * environment when given, otherwise with a generated password printed once.
 */
export async function ensureFirstAdmin(
  db: Database,
  options: { username: string | null; password: string | null; log: (line: string) => void },
): Promise<void> {
  if ((await db.models.User.count()) > 0) return;
  const username = options.username ?? 'admin';
  const password = options.password ?? generatePassword();
  await createAdmin(db, username, password);
  if (options.password) {
    options.log(`Created admin user "${username}" from ADMIN_USERNAME/ADMIN_PASSWORD.`);
  } else {
    options.log(
      `Created admin user "${username}" with generated password: ${password}\n` +
        '  (shown once; change it with: npm run admin -- reset-password ' +
        `${username} <new-password>)`,
    );
  }
}
