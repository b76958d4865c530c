// Installs the Debian packages the browser tests and clip fixtures need (chromium, ffmpeg) when they
// are missing. Tests never download a browser of their own; they drive Debian's Chromium.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const wanted = [
  { bin: '/usr/bin/chromium', pkg: 'chromium' },
  { bin: '/usr/bin/ffmpeg', pkg: 'ffmpeg' },
];

export function ensureSystemPackages() {
  const missing = wanted.filter((w) => !existsSync(w.bin)).map((w) => w.pkg);
  if (missing.length === 0) return;
  const asRoot = process.getuid?.() === 0 ? [] : ['sudo'];
  const run = (args) => {
    const [cmd, ...rest] = [...asRoot, ...args];
    execFileSync(cmd, rest, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  };
  console.log(`Installing system packages for the browser tests: ${missing.join(', ')}`);
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...missing]);
}

if (import.meta.url === `file://${process.argv[1]}`) ensureSystemPackages();
