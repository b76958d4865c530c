import { describe, expect, it } from 'vitest';
import { canApplyUpdate } from './update-policy.ts';

describe('when a new version may take over', () => {
  it('on the kiosk home screens', () => {
    expect(canApplyUpdate('/box')).toBe(true);
    expect(canApplyUpdate('/box/')).toBe(true);
    expect(canApplyUpdate('/staging')).toBe(true);
  });
  it('never during a purchase or elsewhere', () => {
    for (const path of ['/box/video-selection', '/box/checkout', '/staging/checkout', '/payment/success', '/payment/failure', '/admin/dashboard', '/']) {
      expect(canApplyUpdate(path)).toBe(false);
    }
  });
});
