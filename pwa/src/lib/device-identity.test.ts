import { afterEach, describe, expect, it, vi } from 'vitest';
import { fingerprintSource, fingerprintSourceOf, type FingerprintInputs } from './device-identity.ts';

const kiosk: FingerprintInputs = {
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.109 Safari/537.36',
  platform: 'Linux x86_64',
  hardwareConcurrency: 4,
  deviceMemory: 8,
  timeZone: 'Asia/Jakarta',
};

describe('the device fingerprint', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('stays the same when the browser updates', () => {
    const updated = kiosk.userAgent.replace('Chrome/120.0.6099.109', 'Chrome/131.0.6778.85').replace('537.36', '605.1.15');
    expect(fingerprintSourceOf({ ...kiosk, userAgent: updated })).toBe(fingerprintSourceOf(kiosk));
    const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:120.0) Gecko/20100101 Firefox/120.0';
    expect(fingerprintSourceOf({ ...kiosk, userAgent: firefox.replaceAll('120.0', '133.0') })).toBe(
      fingerprintSourceOf({ ...kiosk, userAgent: firefox }),
    );
  });

  it('stays the same when the screen rotates, the window is resized or the monitor is swapped', () => {
    vi.stubGlobal('navigator', { ...kiosk, language: 'en-US', languages: ['en-US'] });
    vi.stubGlobal('screen', { width: 1080, height: 1920, availWidth: 1080, availHeight: 1920, colorDepth: 24 });
    vi.stubGlobal('window', { innerWidth: 1080, innerHeight: 1920, devicePixelRatio: 1 });
    const portrait = fingerprintSource();
    vi.stubGlobal('screen', { width: 1920, height: 1080, availWidth: 1920, availHeight: 1040, colorDepth: 30 });
    vi.stubGlobal('window', { innerWidth: 1366, innerHeight: 768, devicePixelRatio: 2 });
    expect(fingerprintSource()).toBe(portrait);
  });

  it('changes with the machine: another OS, browser, core count, memory or time zone', () => {
    const base = fingerprintSourceOf(kiosk);
    expect(
      fingerprintSourceOf({ ...kiosk, userAgent: kiosk.userAgent.replace('X11; Linux x86_64', 'Windows NT 10.0; Win64; x64') }),
    ).not.toBe(base);
    expect(fingerprintSourceOf({ ...kiosk, userAgent: kiosk.userAgent.replace('Chrome', 'Edg') })).not.toBe(base);
    expect(fingerprintSourceOf({ ...kiosk, platform: 'Win32' })).not.toBe(base);
    expect(fingerprintSourceOf({ ...kiosk, hardwareConcurrency: 8 })).not.toBe(base);
    expect(fingerprintSourceOf({ ...kiosk, deviceMemory: 4 })).not.toBe(base);
    expect(fingerprintSourceOf({ ...kiosk, timeZone: 'Asia/Makassar' })).not.toBe(base);
  });
});
