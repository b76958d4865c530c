// The platforms the repository installs on: package.json's os and cpu (npm stops at once on any
// other), a Node 22 package pinned in the lockfile for each, and the install step finding it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RUNTIME_PACKAGES, runtimePackage, UNSUPPORTED } from './build-native.mjs';

interface LockEntry {
  version: string;
  integrity?: string;
  os?: string;
  cpu?: string;
  optional?: boolean;
}
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  os: string[];
  cpu: string[];
  optionalDependencies: Record<string, string>;
};
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, LockEntry & { os?: string[]; cpu?: string[] }>;
};

describe('the platforms the repository installs on', () => {
  const platforms = pkg.os.flatMap((os) => pkg.cpu.map((cpu) => [os, cpu] as const));

  it("are package.json's os and cpu, and nothing else has a Node package", () => {
    expect(platforms.map(([os, cpu]) => `${os}-${cpu}`).sort()).toEqual(Object.keys(RUNTIME_PACKAGES).sort());
    // The lockfile's root carries them, so `npm ci` refuses another platform before downloading anything.
    expect(lock.packages['']).toMatchObject({ os: pkg.os, cpu: pkg.cpu });
  });

  it.each(platforms)('%s-%s: its Node 22 package is pinned by version and integrity, for that platform only', (os, cpu) => {
    const name = runtimePackage(os, cpu)!;
    expect(pkg.optionalDependencies[name]).toMatch(/^22\.\d+\.\d+$/);
    expect(lock.packages[`node_modules/${name}`]).toMatchObject({
      version: pkg.optionalDependencies[name],
      integrity: expect.stringMatching(/^sha512-/),
      os,
      cpu,
      optional: true,
    });
  });

  it('names no package for Windows, and says in one line what is supported', () => {
    expect(runtimePackage('win32', 'x64')).toBeUndefined();
    expect(runtimePackage('linux', 'ia32')).toBeUndefined();
    expect(UNSUPPORTED).not.toContain('\n');
    expect(UNSUPPORTED).toContain('Linux (x64, arm64) and macOS (Apple silicon, Intel)');
  });
});
