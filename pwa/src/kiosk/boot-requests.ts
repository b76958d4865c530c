// The kiosk's first two questions to the server (this device's status, the product name), asked by
// main.tsx before the app's code is loaded and run. After a night off the stored answer about the
// device is too old to decide, so the home screen's "See Your …" waits for this one; evaluating React
// and the app takes about 0.3 s on a slow kiosk PC, and an answer asked for only after that landed
// while the first screen rendered and needed a second render to show. Asked first, it is back
// before the first render. The queries (queries.ts) take each answer once, as their first fetch.
import type { Answer, Endpoints } from '@courtreplay/shared';
import { call } from '../lib/api-client.ts';

type DeviceAnswer = Answer<Endpoints['getDevice']>;
type ProductAnswer = Answer<Endpoints['productInfo']>;

export interface BootClient {
  getDevice(deviceId: string): Promise<DeviceAnswer>;
  productInfo(): Promise<ProductAnswer>;
}

/** Whether `pathname` is a kiosk screen (/box or /staging and below). */
export const isKioskPath = (pathname: string) => /^\/(box|staging)(\/|$)/.test(pathname);

/** A failure is the query's to handle when it takes the answer; until then it is not unhandled. */
const quiet = <T>(p: Promise<T>) => {
  p.catch(() => undefined);
  return p;
};

export function createBootRequests(client: BootClient) {
  let device: { deviceId: string; answer: Promise<DeviceAnswer> } | null = null;
  let product: Promise<ProductAnswer> | null = null;
  return {
    /** Asks now, on a kiosk screen; about the device only when it has an id (a new one is made by the app). */
    askAtBoot(pathname: string, deviceId: string | null): void {
      if (!isKioskPath(pathname)) return;
      if (deviceId) device = { deviceId, answer: quiet(client.getDevice(deviceId)) };
      product = quiet(client.productInfo());
    },
    /** The answer asked for at boot about `deviceId`, once; null when there is none (ask the server). */
    takeDeviceAnswer(deviceId: string): Promise<DeviceAnswer> | null {
      const early = device?.deviceId === deviceId ? device.answer : null;
      device = null;
      return early;
    },
    /** The product name asked for at boot, once; null when there is none. */
    takeProductAnswer(): Promise<ProductAnswer> | null {
      const early = product;
      product = null;
      return early;
    },
  };
}

const page = createBootRequests({
  getDevice: (deviceId) => call('getDevice', { params: { deviceId } }),
  productInfo: () => call('productInfo', {}),
});
export const askAtBoot = page.askAtBoot;
export const takeBootDeviceAnswer = page.takeDeviceAnswer;
export const takeBootProductAnswer = page.takeProductAnswer;
