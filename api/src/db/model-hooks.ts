import type { Model, ModelStatic } from 'sequelize';

/** Adds hooks to one database's freshly defined models. */
export type ModelHooks = (models: Record<string, ModelStatic<Model>>) => void;

const installers = new Set<ModelHooks>();

/**
 * Registers hooks that every database defined from now on gets on its models. A feature that
 * needs them (the audit log: api/src/audit/log.ts) registers itself when its module loads, so
 * the database layer never imports a feature. The audit hooks only write for an actor set by
 * that same module's `runAs`, so any code able to set one has loaded it, and registered them,
 * before opening a database.
 */
export function addModelHooks(install: ModelHooks): void {
  installers.add(install);
}

/** Applies every registered installer to `models` (called by defineModels). */
export function installModelHooks(models: Record<string, ModelStatic<Model>>): void {
  for (const install of installers) install(models);
}
