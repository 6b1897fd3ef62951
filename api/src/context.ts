import type { AppConfig } from './config';
import type { Database } from './db/database';

/** What every route module is built from. */
export interface AppContext {
  config: AppConfig;
  db: Database;
}
