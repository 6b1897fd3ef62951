import { auditPageSchema } from '@shared/schemas/responses';
import { documentRoutes } from '../openapi/registry';
import { auditQuerySchema } from './queries';

export const auditApi = documentRoutes({ tag: 'Admin: staf dan audit', access: 'admin' }, [
  {
    method: 'get',
    path: '/admin/audit',
    summary: 'Log audit, terbaru dahulu, per halaman',
    query: auditQuerySchema,
    responses: { 200: { description: 'Satu halaman entri', schema: auditPageSchema } },
  },
]);
