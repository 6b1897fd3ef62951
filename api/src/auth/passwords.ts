import bcrypt from 'bcrypt';

export const BCRYPT_COST = 12;

export const hashPassword = (password: string) => bcrypt.hash(password, BCRYPT_COST);

export const verifyPassword = (password: string, hash: string) => bcrypt.compare(password, hash);

// Compared against when the username does not exist, so a miss costs as much as a wrong password
// and response times do not reveal which usernames exist. Made on first use, not at start-up.
let dummyHash: Promise<string> | null = null;

export async function verifyUserPassword(
  password: string,
  hash: string | undefined,
): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword('no such user');
    await bcrypt.compare(password, await dummyHash);
    return false;
  }
  return verifyPassword(password, hash);
}
