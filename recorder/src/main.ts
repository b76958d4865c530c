// `npm run recorder`: reads the configuration from the environment and records until stopped
// (Ctrl+C or the service manager's SIGTERM). Exits 2 when the server revoked the token, so a
// service manager told not to restart on 2 stops asking with a dead token (docs/cameras.md).
import { spawnSync } from 'node:child_process';
import { ConfigError, readConfig } from './config.ts';
import { createLogger } from './log.ts';
import { Recorder } from './recorder.ts';

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
const probe = spawnSync(config.ffmpegPath, ['-version'], { encoding: 'utf8' });
if (probe.error || probe.status !== 0) {
  log.error(`ffmpeg was not found at "${config.ffmpegPath}". Install ffmpeg (docs/cameras.md) or set FFMPEG_PATH to its full path.`);
  process.exit(1);
}
const recorder = new Recorder(config, log);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void recorder.stop());
await recorder.start();
const outcome = await recorder.stopped;
process.exit(outcome.reason === 'revoked' ? 2 : 0);
