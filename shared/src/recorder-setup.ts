// How a venue sets up its recorder: the server offers the recorder as one file (GET
// /downloads/recorder.mjs) that needs only Node 22 and ffmpeg, and the Devices tab's Add recorder
// shows, for Windows, Linux and macOS, the exact commands that download it, start it with the new
// token and start it again with the PC (docs/cameras.md, Running the recorder). The commands are made
// here, once: the panel shows them and a test runs the Linux ones as shown, so the two cannot drift.

/** Where the server offers the recorder's one file. */
export const RECORDER_DOWNLOAD_PATH = '/downloads/recorder.mjs';

export const RECORDER_SYSTEMS = ['windows', 'linux', 'macos'] as const;
export type RecorderSystem = (typeof RECORDER_SYSTEMS)[number];

/** The recorder's folder on each system: the recorder, its buffer and the clips the kiosk reads. */
export const RECORDER_FOLDERS = {
  windows: 'C:\\CourtReplay',
  unix: '~/courtreplay',
} as const;

/** The clips folder, as a person reads it, for the kiosk's "Browse Videos". */
export const RECORDER_CLIPS_FOLDERS: Record<RecorderSystem, string> = {
  windows: `${RECORDER_FOLDERS.windows}\\clips`,
  linux: `${RECORDER_FOLDERS.unix}/clips`,
  macos: `${RECORDER_FOLDERS.unix}/clips`,
};

/** The name of the Windows script the Devices tab offers to download. */
export const RECORDER_SCRIPT_NAME = 'recorder.cmd';

export interface RecorderTarget {
  /** The server as the recorder's PC reaches it, e.g. https://replay.example.com. */
  serverUrl: string;
  /** The recorder's token, answered once when it was added. */
  token: string;
}

/** Each system's commands, in the order a person runs them. */
export interface RecorderSetup {
  windows: { install: string; script: string; startup: string };
  linux: { install: string; run: string; service: string };
  macos: { install: string; run: string; service: string };
}

// The values go unquoted into sh, cmd, a systemd unit and a plist: a server's origin and a token
// only ever hold these characters, and anything else is refused rather than escaped four ways.
const PLAIN = /^[A-Za-z0-9._~:/[\]@-]+$/;

function plain(name: string, value: string): string {
  if (!PLAIN.test(value)) throw new Error(`${name} holds a character the recorder's commands cannot carry: ${JSON.stringify(value)}`);
  return value;
}

/**
 * The variables every command gives the recorder, in this order; `folder` is the recorder's folder
 * as the command writes it. The paths are absolute, so they hold whatever folder the recorder
 * is started from.
 */
function environment(target: RecorderTarget, folder: string, separator: string): [string, string][] {
  return [
    ['SERVER_URL', plain('serverUrl', target.serverUrl.replace(/\/+$/, ''))],
    ['RECORDER_TOKEN', plain('token', target.token)],
    ['CLIPS_DIR', `${folder}${separator}clips`],
    ['BUFFER_DIR', `${folder}${separator}buffer`],
  ];
}

const downloadUrl = (target: RecorderTarget) => `${plain('serverUrl', target.serverUrl.replace(/\/+$/, ''))}${RECORDER_DOWNLOAD_PATH}`;

/**
 * recorder.cmd: started by a double-click or at sign-in, in its own folder. It downloads the
 * recorder when it is missing (so the folder needs only this file) and starts it again 10 s after
 * it stops, except after Ctrl+C (exit 0) or a revoked token (exit 2), which a restart cannot mend.
 * CRLF line endings: cmd misreads labels in a file with bare LFs.
 */
function windowsScript(target: RecorderTarget): string {
  const lines = [
    '@echo off',
    "rem CourtReplay recorder: this venue's cameras in, the kiosk's clips out (back-office: Devices).",
    "rem It holds this recorder's token: keep it private.",
    'title CourtReplay recorder',
    'cd /d "%~dp0"',
    ...environment(target, '%~dp0', '').map(([name, value]) => `set "${name}=${value}"`),
    ':run',
    `if not exist recorder.mjs (curl -fsSLo recorder.mjs.part "${downloadUrl(target)}" && move /y recorder.mjs.part recorder.mjs >nul)`,
    'node recorder.mjs',
    'if %errorlevel% equ 0 exit /b 0',
    'if %errorlevel% equ 2 (',
    "  echo The server refused this recorder's token: add the recorder again in the back-office and use its new recorder.cmd.",
    '  pause',
    '  exit /b 2',
    ')',
    'echo The recorder stopped (exit code %errorlevel%). It starts again in 10 seconds: close this window to stop it.',
    'timeout /t 10 /nobreak >nul',
    'goto run',
  ];
  return `${lines.join('\r\n')}\r\n`;
}

const STARTUP_FOLDER = '%APPDATA%\\Microsoft\\Windows\\Start Menu\\Programs\\Startup';

/** One line that puts a launcher in the user's Startup folder: recorder.cmd, minimised, at every sign-in. */
const windowsStartup = () =>
  `echo start "CourtReplay recorder" /min "${RECORDER_FOLDERS.windows}\\${RECORDER_SCRIPT_NAME}">"${STARTUP_FOLDER}\\CourtReplay recorder.cmd"`;

const HOME_FOLDER = '$HOME/courtreplay';

/** Linux and macOS: make the folder, download the recorder into it and start it in the terminal. */
function unixRun(target: RecorderTarget): string {
  // A path is quoted: $HOME may hold a space.
  const variables = environment(target, HOME_FOLDER, '/').map(([name, value]) =>
    value.includes('$') ? `${name}="${value}"` : `${name}=${value}`,
  );
  return [
    `mkdir -p "${HOME_FOLDER}" && cd "${HOME_FOLDER}"`,
    `curl -fsSLo recorder.mjs ${downloadUrl(target)}`,
    `${variables.join(' ')} node recorder.mjs`,
  ].join('\n');
}

/**
 * A systemd service written by the person who tried the recorder, from that terminal: the heredoc
 * fills in their user, folder, PATH (where node and ffmpeg were found) and node's full path.
 */
function systemdService(target: RecorderTarget): string {
  const unit = [
    '[Unit]',
    'Description=CourtReplay recorder',
    'Wants=network-online.target',
    'After=network-online.target',
    '',
    '[Service]',
    'User=$USER',
    `WorkingDirectory=${HOME_FOLDER}`,
    'Environment="PATH=$PATH"',
    ...environment(target, HOME_FOLDER, '/').map(([name, value]) => `Environment="${name}=${value}"`),
    'ExecStart=$(command -v node) recorder.mjs',
    'Restart=always',
    'RestartSec=10',
    '# Exit code 2: the server revoked the token. Starting again cannot help: add the recorder again.',
    'RestartPreventExitStatus=2',
    '',
    '[Install]',
    'WantedBy=multi-user.target',
  ];
  return [
    'sudo tee /etc/systemd/system/courtreplay-recorder.service >/dev/null <<EOF',
    ...unit,
    'EOF',
    'sudo systemctl daemon-reload',
    'sudo systemctl enable --now courtreplay-recorder',
  ].join('\n');
}

const PLIST = '~/Library/LaunchAgents/com.courtreplay.recorder.plist';

/** A launchd agent: starts at login, again when it fails (not after a clean stop), logs beside it. */
function launchdAgent(target: RecorderTarget): string {
  const entry = (key: string, value: string) => `    <key>${key}</key><string>${value}</string>`;
  const plist = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
    '<plist version="1.0">',
    '<dict>',
    '  <key>Label</key><string>com.courtreplay.recorder</string>',
    '  <key>ProgramArguments</key><array><string>$(command -v node)</string><string>recorder.mjs</string></array>',
    `  <key>WorkingDirectory</key><string>${HOME_FOLDER}</string>`,
    '  <key>EnvironmentVariables</key>',
    '  <dict>',
    entry('PATH', '$PATH'),
    ...environment(target, HOME_FOLDER, '/').map(([name, value]) => entry(name, value)),
    '  </dict>',
    '  <key>RunAtLoad</key><true/>',
    '  <key>KeepAlive</key><dict><key>SuccessfulExit</key><false/></dict>',
    `  <key>StandardOutPath</key><string>${HOME_FOLDER}/recorder.log</string>`,
    `  <key>StandardErrorPath</key><string>${HOME_FOLDER}/recorder.log</string>`,
    '</dict>',
    '</plist>',
  ];
  return ['mkdir -p ~/Library/LaunchAgents', `cat > ${PLIST} <<EOF`, ...plist, 'EOF', `launchctl bootstrap gui/$(id -u) ${PLIST}`].join(
    '\n',
  );
}

/** Every command of the Devices tab's Add recorder, for this server and token. */
export function recorderSetup(target: RecorderTarget): RecorderSetup {
  const run = unixRun(target);
  return {
    windows: {
      install: 'winget install -e --id OpenJS.NodeJS.22\nwinget install -e --id Gyan.FFmpeg',
      script: windowsScript(target),
      startup: windowsStartup(),
    },
    linux: { install: 'sudo apt install ffmpeg curl\nnode --version', run, service: systemdService(target) },
    macos: { install: 'brew install ffmpeg\nnode --version', run, service: launchdAgent(target) },
  };
}

/** The download's answer on a server whose build did not make the file (`npm run build` does). */
export const RECORDER_DOWNLOAD_MISSING =
  'The recorder download is made by npm run build, which has not run on this server: run it, then download again.';
