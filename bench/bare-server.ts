// The yardstick for the catalogue endpoint: Express with one JSON route and nothing else.
import express from 'express';

const app = express();
app.get('/bare', (_req, res) => {
  res.json({ ok: true, products: [], currentPage: 1, totalPages: 0, totalCount: 0 });
});
// The yardstick for /go/{id} (bench/crowd.bench.ts): the same kind of 302, without a lookup.
app.get('/bare-redirect', (_req, res) => {
  res.set('Cache-Control', 'no-store').redirect(302, 'https://shopee.example/p/1?aff=diskonradar');
});
const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(`bare server at http://127.0.0.1:${port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
