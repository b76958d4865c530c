import { describe, expect, it } from 'vitest';
import { canApplyUpdate, updateAction } from './update-policy.ts';

describe('when a new version may take over', () => {
  it('on the kiosk home screens', () => {
    expect(canApplyUpdate('/box')).toBe(true);
    expect(canApplyUpdate('/box/')).toBe(true);
    expect(canApplyUpdate('/staging')).toBe(true);
  });
  it('never during a purchase or elsewhere', () => {
    for (const path of [
      '/box/video-selection',
      '/box/checkout',
      '/staging/checkout',
      '/payment/success',
      '/payment/failure',
      '/admin/dashboard',
      '/',
    ]) {
      expect(canApplyUpdate(path)).toBe(false);
    }
  });
});

describe('what the kiosk does about a new version', () => {
  it('nothing while no new version exists', () => {
    expect(updateAction('none', '/box')).toBe('nothing');
  });
  it('asks a waiting version to take over only on home', () => {
    expect(updateAction('waiting', '/box')).toBe('take-over');
    expect(updateAction('waiting', '/box/checkout')).toBe('nothing');
  });
  it('reloads into a version that took control late only once back on home', () => {
    expect(updateAction('needs-reload', '/box/checkout')).toBe('nothing');
    expect(updateAction('needs-reload', '/box/video-selection')).toBe('nothing');
    expect(updateAction('needs-reload', '/staging')).toBe('reload');
  });
});
