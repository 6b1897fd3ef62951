import { searchSuggestionsSchema } from '@shared/schemas/responses';
import { documentRoutes } from '../../openapi/registry';
import { suggestQuerySchema } from './routes';

export const searchApi = documentRoutes({ tag: 'Pencarian', access: 'public' }, [
  {
    method: 'get',
    path: '/search/suggest',
    summary: 'Saran pencarian: paling banyak 5 produk dan 3 kategori',
    description: 'Hasil pencarian lengkapnya: GET /api/products?search=.',
    query: suggestQuerySchema,
    responses: { 200: { description: 'Saran', schema: searchSuggestionsSchema } },
  },
]);
