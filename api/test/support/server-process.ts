/**
 * One server in a process of its own, configured from the environment as `npm start` is; run
 * with `node --import tsx`. Tells its parent the port it listens on over IPC, and stops
 * cleanly on SIGTERM.
 */
import { loadConfig } from '../../src/config';
import { startServer } from '../../src/server';

const running = await startServer({ config: loadConfig(), log: (line) => console.log(line) });
process.send?.({ port: running.port, pid: process.pid });
process.on('SIGTERM', () => {
  running.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
