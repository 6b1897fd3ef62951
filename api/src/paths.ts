import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, wherever the process was started from. */
export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const RESOURCES_DIR = path.join(ROOT_DIR, 'resources');
export const MEDIA_DIR = path.join(RESOURCES_DIR, 'media');
export const WEB_DIST_DIR = path.join(ROOT_DIR, 'dist', 'web');
