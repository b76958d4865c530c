// `npm run demo:clips [count] [folder]`: makes a folder of short court clips (ffmpeg, test pattern
// with a timestamp) to try the kiosk with. Default: 8 clips in DATA_DIR/demo-clips, DATA_DIR read
// like the server reads it (the environment, else .env, else ./data).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ensureSystemPackages } from './ensure-system-packages.mjs';

if (existsSync('.env')) process.loadEnvFile('.env');
const count = Number(process.argv[2] ?? 8);
const dir = resolve(process.argv[3] ?? join(process.env.DATA_DIR || 'data', 'demo-clips'));
if (!Number.isInteger(count) || count < 1 || count > 500) {
  console.error('Usage: npm run demo:clips [count 1-500] [folder]');
  process.exit(1);
}
ensureSystemPackages();
mkdirSync(dir, { recursive: true });
const courts = ['Court_1', 'Court_2', 'Padel-A', 'Futsal-B'];
for (let i = 0; i < count; i++) {
  const name = `${courts[i % courts.length]}_rally_${String(i + 1).padStart(3, '0')}.mp4`;
  const hue = (i * 47) % 360;
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=1280x720:rate=30:duration=${4 + (i % 5)}`,
    '-vf',
    `hue=h=${hue}`,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    join(dir, name),
  ]);
  console.log(`made ${join(dir, name)}`);
}
