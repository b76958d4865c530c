// `npm run dev`: the sync server (restarting on change) and Vite's dev server with /api proxied to it.
import { spawn } from 'node:child_process';
import { buildRecorder } from './build-recorder.mjs';

// The Devices tab offers the recorder's one file: made once here, as `npm run build` does.
await buildRecorder();

const children = [
  spawn('npx', ['tsx', 'watch', 'sync-server/src/main.ts'], { stdio: 'inherit', env: { ...process.env, SERVE_PWA: 'false' } }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) =>
  c.on('exit', (code) => {
    if (code) {
      stop();
      process.exit(code);
    }
  }),
);
