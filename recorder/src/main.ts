// `npm run recorder` (and the one-file recorder built from this entry): reads the configuration
// from the environment and records until stopped (Ctrl+C, the service manager's SIGTERM; on
// Windows also Ctrl+Break and closing its window). Exits 2 when the server revoked the token, so
// a service manager told not to restart on 2 stops asking with a dead token (docs/cameras.md).
import { spawnSync } from 'node:child_process';
import { ConfigError, readConfig } from './config.ts';
import { createLogger } from './log.ts';
import { realPlatform } from './platform.ts';
import { runRecorder } from './run.ts';
import { serverUrlWarning } from './server.ts';

const log = createLogger();
let config;
try {
  config = readConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    log.error(error.message);
    process.exit(1);
  }
  throw error;
}
const probe = spawnSync(config.ffmpegPath, ['-version'], { encoding: 'utf8', windowsHide: true });
if (probe.error || probe.status !== 0) {
  log.error(`ffmpeg was not found at "${config.ffmpegPath}". Install ffmpeg (docs/cameras.md) or set FFMPEG_PATH to its full path.`);
  process.exit(1);
}
const warning = serverUrlWarning(config.serverUrl);
if (warning) log.warn(warning);
// A promise nobody waited for is a bug to read in the log, not a reason to stop recording.
process.on('unhandledRejection', (reason) =>
  log.error(`Unexpected: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`),
);
const { stopped } = await runRecorder(config, log, realPlatform());
const outcome = await stopped;
process.exit(outcome.reason === 'revoked' ? 2 : 0);
