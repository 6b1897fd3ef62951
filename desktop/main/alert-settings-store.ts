// Alert thresholds and quiet periods, kept in userData/alert-settings.json.
import path from 'node:path';
import type { AlertSettings } from '@shared/desktop-bridge';
import { alertSettingsSchema, DEFAULT_ALERT_SETTINGS } from '@shared/desktop-settings';
import { readJsonFile, writeJsonFile } from './json-file';

export class AlertSettingsStore {
  private current: AlertSettings = DEFAULT_ALERT_SETTINGS;

  constructor(private readonly userDataPath: string) {}

  get file(): string {
    return path.join(this.userDataPath, 'alert-settings.json');
  }

  /** Settings in force now (defaults until load() has read the file). */
  get settings(): AlertSettings {
    return this.current;
  }

  async load(): Promise<AlertSettings> {
    this.current = (await readJsonFile(this.file, alertSettingsSchema)) ?? DEFAULT_ALERT_SETTINGS;
    return this.current;
  }

  async save(settings: AlertSettings): Promise<AlertSettings> {
    const valid = alertSettingsSchema.parse(settings);
    await writeJsonFile(this.file, valid);
    this.current = valid;
    return valid;
  }
}
