import type { AdminUserInfo } from '@shared/types';
import type { User } from '../db/models';

/** An admin account for the users screen: never the password hash. */
export const presentAdminUser = (user: User): AdminUserInfo => ({
  id: String(user.id),
  username: user.username,
  disabled: user.disabled,
  createdAt: user.createdAt.toISOString(),
});
