import type { SessionUser } from '@shared/types';
import type { User } from '../db/models';

/** Never more than id and name: the password hash stays on the server. */
export const presentUser = (user: User): SessionUser => ({
  id: String(user.id),
  username: user.username,
});
