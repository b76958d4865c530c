// The Devices tab's commands (recorderSetup in shared/, which the panel shows as they are made), as a
// venue runs them: the Linux one from a fresh home folder downloads the recorder's one file from the
// real server and records a marked clip with nothing but Node 22 and ffmpeg beside it; the systemd
// unit is one systemd accepts, the launchd agent a plist with the same variables, and recorder.cmd
// a script cmd reads as intended.
import { recorderSetup, type RecorderTarget } from '@courtreplay/shared';
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildRecorder } from '../../scripts/build-recorder.mjs';
import { ensureSystemPackages } from '../../scripts/ensure-system-packages.mjs';
import { publishCamera } from '../src/testing/cameras.ts';
import { startRtspServer } from '../src/testing/rtsp-server.ts';
import { serveRealServer } from './real-server.ts';
import { atNormalPriority, waitFor } from './support.ts';

const scratch = mkdtempSync(join(tmpdir(), 'recorder-setup-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Node 22 (the project's, node_modules/.bin/node) first on the PATH, as a venue's PC would have it. */
const NODE_DIR = dirname(realpathSync(join(import.meta.dirname, '../../node_modules/.bin/node')));
const PATH = `${NODE_DIR}:/usr/local/bin:/usr/bin:/bin`;

/** What a here-document in `command` writes, with the person's HOME, USER and PATH (the shell expands it). */
function expandHeredoc(command: string, home: string): string {
  const body = /<<EOF\n([\s\S]*?)\nEOF/.exec(command)?.[1];
  if (body === undefined) throw new Error('no here-document in the command');
  return execFileSync('sh', ['-c', `cat <<EOF\n${body}\nEOF`], { env: { HOME: home, USER: 'venue', PATH }, encoding: 'utf8' });
}

const TARGET: RecorderTarget = { serverUrl: 'http://192.168.1.10:8080', token: 'tok_en-123' };

describe("the Devices tab's recorder commands", () => {
  it('Linux: the command run as shown, from a fresh home folder, downloads the recorder and records a marked clip', async () => {
    ensureSystemPackages(['curl']);
    const restorePriority = atNormalPriority();
    const built = join(scratch, 'built', 'recorder.mjs');
    await buildRecorder(built);
    const rtsp = await startRtspServer();
    const camera = publishCamera(rtsp, 'court1');
    const served = await serveRealServer({ recorderDownload: built });
    const { t, url: serverUrl } = served;
    let recorder: ReturnType<typeof spawn> | undefined;
    try {
      const venue = await t.seed.venue({ name: 'Arena' });
      const court = await t.seed.field({ venueId: venue.id, name: 'Court 1' });
      const admin = await t.seed.admin({ role: 'super_admin' });
      const { courtCode } = await t.db.selectFrom('fields').select('courtCode').where('id', '=', court.id).executeTakeFirstOrThrow();
      const { token } = await t.call(
        'createRecorder',
        { body: { venueId: venue.id, name: 'PC' } },
        { headers: admin.headers, status: 201 },
      );
      await t.call('setFieldCamera', { params: { id: court.id }, body: { url: rtsp.url('court1') } }, { headers: admin.headers });
      await waitFor('the camera to publish', 30_000, () => rtsp.isPublished('court1'));

      const home = join(scratch, 'home');
      mkdirSync(home);
      const lines: string[] = [];
      // Exactly the text the Devices tab shows; short marks only to keep the test quick.
      recorder = spawn('sh', ['-c', recorderSetup({ serverUrl, token }).linux.run], {
        cwd: scratch,
        env: { HOME: home, PATH, MARK_BEFORE_SECONDS: '2', MARK_AFTER_SECONDS: '1' },
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      for (const stream of [recorder.stdout!, recorder.stderr!]) stream.on('data', (chunk: Buffer) => lines.push(String(chunk)));
      const exited = new Promise<number | null>((resolve) => recorder!.once('exit', resolve));

      const recording = waitFor('Court 1 recording in the Devices listing', 30_000, async () => {
        const { recorders } = await t.call('listRecorders', {}, { headers: admin.headers });
        return recorders[0]?.cameras.some((c) => c.state === 'recording');
      });
      await Promise.race([
        recording,
        exited.then((code) => Promise.reject(new Error(`the recorder exited (${code}):\n${lines.join('')}`))),
      ]);
      expect((await fetch(`${serverUrl}/c/${courtCode}/mark`, { method: 'POST' })).status).toBe(200);

      const folder = join(home, 'courtreplay');
      const clip = await waitFor(`the marked clip (log:\n${lines.join('')})`, 30_000, () => {
        try {
          return readdirSync(join(folder, 'clips', 'Court 1')).find((f) => f.endsWith(' marked.mp4'));
        } catch {
          return undefined;
        }
      });
      expect(clip).toBeDefined();
      // The folder was made by the command, with the downloaded file, the buffer and the clips only.
      expect(readFileSync(join(folder, 'recorder.mjs'))).toEqual(readFileSync(built));
      expect(readdirSync(folder).sort()).toEqual(['buffer', 'clips', 'recorder.mjs']);
      process.kill(-recorder.pid!, 'SIGTERM');
      await exited;
    } finally {
      if (recorder?.exitCode === null) process.kill(-recorder.pid!, 'SIGKILL');
      camera.kill();
      await served.close();
      await rtsp.close();
      restorePriority();
    }
  });

  it("Linux: the systemd unit is one systemd accepts, running the person's node in the folder the command made", () => {
    ensureSystemPackages(['systemd']);
    const home = '/home/venue';
    const unit = expandHeredoc(recorderSetup(TARGET).linux.service, home);
    const file = join(scratch, 'courtreplay-recorder.service');
    writeFileSync(file, unit);
    // Exit 0 and no complaint: every setting known, the paths absolute, ExecStart executable.
    expect(execFileSync('systemd-analyze', ['verify', file], { encoding: 'utf8', stdio: 'pipe' })).toBe('');
    expect(unit).toContain(`ExecStart=${NODE_DIR}/node recorder.mjs\n`);
    expect(unit).toContain(`WorkingDirectory=${home}/courtreplay\n`);
    expect(unit).toContain('User=venue\n');
    expect(unit).toContain(`Environment="PATH=${PATH}"\n`);
    expect(unit).toContain(`Environment="CLIPS_DIR=${home}/courtreplay/clips"\n`);
    expect(unit).toContain(`Environment="RECORDER_TOKEN=${TARGET.token}"\n`);
  });

  it('macOS: the launchd agent is a plist with the variables of the command, run in the same folder', () => {
    const home = '/Users/venue';
    const plist = expandHeredoc(recorderSetup(TARGET).macos.service, home);
    const file = join(scratch, 'agent.plist');
    writeFileSync(file, plist);
    // Python's plistlib reads it as launchd would (it refuses XML that is not a well-formed plist).
    const read = JSON.parse(
      execFileSync(
        '/usr/bin/python3',
        ['-c', 'import json,plistlib,sys; print(json.dumps(plistlib.load(open(sys.argv[1], "rb"))))', file],
        {
          encoding: 'utf8',
        },
      ),
    ) as Record<string, unknown>;
    expect(read).toMatchObject({
      Label: 'com.courtreplay.recorder',
      ProgramArguments: [`${NODE_DIR}/node`, 'recorder.mjs'],
      WorkingDirectory: `${home}/courtreplay`,
      EnvironmentVariables: {
        PATH,
        SERVER_URL: TARGET.serverUrl,
        RECORDER_TOKEN: TARGET.token,
        CLIPS_DIR: `${home}/courtreplay/clips`,
        BUFFER_DIR: `${home}/courtreplay/buffer`,
      },
      RunAtLoad: true,
      KeepAlive: { SuccessfulExit: false },
    });
  });

  it('Windows: recorder.cmd has CRLF lines, sets the variables from its own folder and restarts but after Ctrl+C or a revoked token', () => {
    const script = recorderSetup(TARGET).windows.script;
    expect(script.split('\r\n').every((line) => !line.includes('\n'))).toBe(true);
    expect(script.endsWith('\r\n')).toBe(true);
    const lines = script.split('\r\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'cd /d "%~dp0"',
        `set "SERVER_URL=${TARGET.serverUrl}"`,
        `set "RECORDER_TOKEN=${TARGET.token}"`,
        'set "CLIPS_DIR=%~dp0clips"',
        'set "BUFFER_DIR=%~dp0buffer"',
        'node recorder.mjs',
        'if %errorlevel% equ 0 exit /b 0',
        'goto run',
      ]),
    );
    // The download happens in the loop, before each start, only while the file is missing.
    const loop = lines.indexOf(':run');
    expect(lines[loop + 1]).toBe(
      `if not exist recorder.mjs (curl -fsSLo recorder.mjs.part "${TARGET.serverUrl}/downloads/recorder.mjs" && move /y recorder.mjs.part recorder.mjs >nul)`,
    );
    expect(lines.slice(loop).findIndex((l) => l.startsWith('if %errorlevel% equ 2'))).toBeGreaterThan(0);
  });

  it('refuses a server address or token it could not write safely into every shell', () => {
    expect(() => recorderSetup({ ...TARGET, token: 'a$b' })).toThrow('token');
    expect(() => recorderSetup({ ...TARGET, serverUrl: 'http://x/"; rm -rf ~' })).toThrow('serverUrl');
  });
});
