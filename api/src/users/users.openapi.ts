import { z } from 'zod';
import { userCreateSchema, userUpdateSchema } from '@shared/schemas';
import { adminUserSchema } from '@shared/schemas/responses';
import { idParams } from '../lib/params';
import { documentRoutes } from '../openapi/registry';

export const usersApi = documentRoutes({ tag: 'Admin: staf dan audit', access: 'admin' }, [
  {
    method: 'get',
    path: '/admin/users',
    summary: 'Akun admin',
    responses: { 200: { description: 'Akun', schema: z.array(adminUserSchema) } },
  },
  {
    method: 'post',
    path: '/admin/users',
    summary: 'Membuat akun admin',
    body: userCreateSchema,
    responses: {
      201: { description: 'Akun yang dibuat', schema: adminUserSchema },
      409: { description: 'Username sudah dipakai' },
    },
  },
  {
    method: 'put',
    path: '/admin/users/:id',
    summary: 'Mengganti kata sandi atau menonaktifkan akun (perlu kata sandi sendiri)',
    params: idParams('User'),
    body: userUpdateSchema,
    responses: { 200: { description: 'Akun setelah diubah', schema: adminUserSchema } },
  },
]);
