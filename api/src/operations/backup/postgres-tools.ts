import path from 'node:path';
import { spawn } from 'node:child_process';

/**
 * pg_dump and pg_restore, run as child processes. The password travels in PGPASSWORD, not on
 * the command line where `ps` would show it.
 */
export class ToolError extends Error {}

export interface ConnectionArgs {
  /** DATABASE_URL without its password. */
  dbname: string;
  env: NodeJS.ProcessEnv;
}

export function connectionArgs(databaseUrl: string): ConnectionArgs {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (url.password) {
    env.PGPASSWORD = decodeURIComponent(url.password);
    url.password = '';
  }
  return { dbname: url.toString(), env };
}

interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a tool to its end; its output is kept (tools here print little). */
export function runTool(
  tool: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    // PG_BIN_DIR picks one installed version's tools (e.g. /usr/lib/postgresql/16/bin).
    const binDir = process.env.PG_BIN_DIR?.trim();
    const command = binDir ? path.join(binDir, tool) : tool;
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => {
      // Bounded: a tool failing over and over must not fill the memory with its complaints.
      if (stderr.length < 64 * 1024) stderr += chunk.toString();
    });
    child.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') {
        reject(
          new ToolError(
            `${tool} was not found${binDir ? ` in PG_BIN_DIR (${binDir})` : ''}. PostgreSQL backups need the PostgreSQL client tools ` +
              `(pg_dump and pg_restore, e.g. "apt install postgresql-client"), ` +
              `at least the server's major version, on the PATH or in PG_BIN_DIR.`,
          ),
        );
      } else reject(error);
    });
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** "pg_dump (PostgreSQL) 15.20 (Debian ...)" -> 15. */
export async function toolMajorVersion(tool: string): Promise<number> {
  const { stdout } = await runTool(tool, ['--version']);
  const match = /\(PostgreSQL\)\s+(\d+)/.exec(stdout);
  if (!match) throw new ToolError(`Could not read the version of ${tool}: "${stdout.trim()}"`);
  return Number(match[1]);
}

/** A tool older than the server cannot read its catalogue: say so before it fails obscurely. */
export async function checkToolVersion(tool: string, serverVersionNum: number): Promise<void> {
  const serverMajor = Math.floor(serverVersionNum / 10_000);
  const toolMajor = await toolMajorVersion(tool);
  if (toolMajor < serverMajor) {
    throw new ToolError(
      `${tool} is version ${toolMajor} but the PostgreSQL server is version ${serverMajor}: ` +
        `install the PostgreSQL ${serverMajor} client tools (or newer) and run this again.`,
    );
  }
}

export function toolFailure(tool: string, result: RunResult): ToolError {
  const detail = result.stderr.trim().split('\n').slice(-5).join('\n');
  return new ToolError(`${tool} failed (exit code ${result.code}):\n${detail}`);
}
