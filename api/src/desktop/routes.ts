// The desktop app's update feed (electron-updater's generic provider reads
// `<server>/desktop/updates/latest*.yml`, then downloads with Range requests) and the admin
// list of the installers. docs/contracts.md, "Desktop update feed".
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Router, type Request, type Response } from 'express';
import { listReleases, servableFile } from './release-files';

function notFound(res: Response): void {
  res.status(404).type('text/plain').send('Tidak ditemukan');
}

/** GET and HEAD `/desktop/updates/<file>`; 404 for everything when the folder is not set. */
export function desktopUpdateFeed(releasesDir: string | null): Router {
  const router = Router();
  router.get('/:name', async (req: Request<{ name: string }>, res) => {
    // Express decoded the segment; a decoded '/' or '\' is refused by servableFile.
    const name = req.params.name;
    const file = releasesDir ? servableFile(name) : null;
    if (!releasesDir || !file) return notFound(res);
    const fullPath = path.join(releasesDir, name);
    const info = await stat(fullPath).catch(() => null);
    if (!info?.isFile()) return notFound(res);
    res.sendFile(
      name,
      {
        root: releasesDir,
        dotfiles: 'deny',
        acceptRanges: true,
        lastModified: true,
        cacheControl: false,
        headers: { 'Content-Type': file.contentType, 'Cache-Control': file.cacheControl },
      },
      (error) => {
        if (error && !res.headersSent) notFound(res);
      },
    );
  });
  router.use((_req, res) => notFound(res));
  return router;
}

/** GET /api/admin/desktop/releases: the installers on offer, for the "Aplikasi Desktop" page. */
export function adminDesktopRoutes(releasesDir: string | null): Router {
  const router = Router();
  router.get('/releases', async (_req, res) => {
    res.json(await listReleases(releasesDir));
  });
  return router;
}
