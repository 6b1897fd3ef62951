import { desktopReleasesSchema } from '@shared/schemas/responses';
import { documentRoutes } from '../openapi/registry';

// The update feed itself (/desktop/updates/) is outside /api and not documented (docs/openapi.md).
export const desktopApi = documentRoutes({ tag: 'Admin: aplikasi desktop', access: 'admin' }, [
  {
    method: 'get',
    path: '/admin/desktop/releases',
    summary: 'Penginstal aplikasi desktop di DESKTOP_RELEASES_DIR',
    responses: { 200: { description: 'Daftar penginstal', schema: desktopReleasesSchema } },
  },
]);
