// Running the recorder until it is asked to stop: Ctrl+C and a service manager's SIGTERM, and on
// Windows, where there is no SIGTERM, Ctrl+C, Ctrl+Break and closing its window. Each lets every
// ffmpeg close its last segment. main.ts runs it on the real platform; the tests on theirs.
import type { RecorderConfig } from './config.ts';
import type { Logger } from './log.ts';
import type { Platform } from './platform.ts';
import { stopSignals } from './processes.ts';
import { Recorder, type StopReason } from './recorder.ts';

export async function runRecorder(
  config: RecorderConfig,
  log: Logger,
  platform: Platform,
): Promise<{ recorder: Recorder; stopped: Promise<StopReason> }> {
  const recorder = new Recorder(config, log, platform);
  for (const signal of stopSignals(platform.os)) platform.onSignal(signal, () => void recorder.stop());
  await recorder.start();
  return { recorder, stopped: recorder.stopped };
}
