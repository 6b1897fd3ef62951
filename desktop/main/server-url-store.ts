// The server URL staff configured, kept by the main process in userData/server.json.
// Only validated http(s) URLs are ever stored or returned.
import path from 'node:path';
import { z } from 'zod';
import { serverUrlSchema } from '@shared/desktop-settings';
import { readJsonFile, writeJsonFile } from './json-file';

const fileSchema = z.object({ serverUrl: serverUrlSchema });

export class ServerUrlStore {
  private cached: string | null | undefined;

  /** `userDataPath` is app.getPath('userData'), injected. */
  constructor(private readonly userDataPath: string) {}

  get file(): string {
    return path.join(this.userDataPath, 'server.json');
  }

  async load(): Promise<string | null> {
    if (this.cached !== undefined) return this.cached;
    const stored = (await readJsonFile(this.file, fileSchema))?.serverUrl ?? null;
    this.cached = stored;
    return stored;
  }

  /** Stores a URL that parseServerUrl accepted; throws on anything else. */
  async save(serverUrl: string): Promise<string> {
    const valid = serverUrlSchema.parse(serverUrl);
    await writeJsonFile(this.file, { serverUrl: valid });
    this.cached = valid;
    return valid;
  }
}
