// The answers asked for at boot: only on kiosk screens, each taken once, and only by the device asked about.
import { describe, expect, it } from 'vitest';
import type { Answer, Endpoints } from '@courtreplay/shared';
import { createBootRequests, isKioskPath } from './boot-requests.ts';

function client() {
  const asked: string[] = [];
  return {
    asked,
    getDevice: (deviceId: string) => {
      asked.push(`device ${deviceId}`);
      return Promise.resolve({ deviceId } as unknown as Answer<Endpoints['getDevice']>);
    },
    productInfo: () => {
      asked.push('product');
      return Promise.resolve({ productName: 'CourtReplay' } as Answer<Endpoints['productInfo']>);
    },
  };
}

describe('boot requests', () => {
  it('ask on /box and /staging screens only', () => {
    expect(['/box', '/box/checkout', '/staging', '/staging/video-selection'].every(isKioskPath)).toBe(true);
    expect(['/admin', '/payment/success', '/boxes', '/'].some(isKioskPath)).toBe(false);
    const c = client();
    createBootRequests(c).askAtBoot('/admin/devices', 'kiosk-1');
    expect(c.asked).toEqual([]);
  });

  it('hand each answer to the first query that asks, and to none after it', async () => {
    const c = client();
    const boot = createBootRequests(c);
    boot.askAtBoot('/box', 'kiosk-1');
    expect(c.asked).toEqual(['device kiosk-1', 'product']);
    await expect(boot.takeDeviceAnswer('kiosk-1')).resolves.toEqual({ deviceId: 'kiosk-1' });
    expect(boot.takeDeviceAnswer('kiosk-1')).toBeNull();
    await expect(boot.takeProductAnswer()).resolves.toEqual({ productName: 'CourtReplay' });
    expect(boot.takeProductAnswer()).toBeNull();
  });

  it('never give the answer about one id to a query about another, nor ask about a kiosk without an id', () => {
    const c = client();
    const boot = createBootRequests(c);
    boot.askAtBoot('/box', 'kiosk-1');
    expect(boot.takeDeviceAnswer('kiosk-2')).toBeNull();
    const fresh = client();
    createBootRequests(fresh).askAtBoot('/box', null);
    expect(fresh.asked).toEqual(['product']);
  });

  it('keep a failed early request from being reported as unhandled until a query takes it', async () => {
    const boot = createBootRequests({
      getDevice: () => Promise.reject(new Error('offline')),
      productInfo: () => Promise.reject(new Error('offline')),
    });
    boot.askAtBoot('/box', 'kiosk-1');
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(boot.takeDeviceAnswer('kiosk-1')).rejects.toThrow('offline');
  });
});
