// The kiosk's device trust and configuration rules, without React or a browser: what the server
// says of this device (authorised or not, test device, venue, the configuration version), how long
// an answer decides, and which configuration answer belongs to which device state. Its client,
// identity and clock come in as deps, like createCheckout; queries.ts wires the browser's and
// turns it into TanStack Query options. Nothing here makes a screen wait: the queries answer from
// what is persisted while the network is asked.
import { DEFAULT_KIOSK_LANGUAGE, type Answer, type ConfigEntry, type Endpoints, type KioskLanguage } from '@courtreplay/shared';

export interface DeviceStatus {
  deviceId: string;
  authorized: boolean;
  /** A test device (marked by a super admin): the only kind whose /staging screens sell. */
  staging: boolean;
  venueId: number | null;
  fieldId: number | null;
  /** The venue's kiosk language: the screens start in it and go back to it after each player. */
  venueLanguage: KioskLanguage;
  /** The server's fingerprint of the configuration this device reads; a new one means read it again. */
  configVersion: string | null;
  /** The venue's courts, to match the folder's subfolders. */
  courts: { id: number; name: string }[];
  /** Moments marked from phones on the venue's courts, on this kiosk's clock. */
  marks: { fieldId: number; at: number }[];
}

export interface KioskConfig {
  entries: ConfigEntry[];
}

/** What the server's configuration answer depends on: the device's authorisation, test status, venue and the version it announces. */
export interface ConfigAudience {
  authorized: boolean;
  staging: boolean;
  venueId: number | null;
  version: string | null;
}

/** How often an open kiosk screen asks the server about this device (changes show within 5 s). */
export const DEVICE_POLL_MS = 3_000;
/** An answer older than this (a persisted one, after a reload) waits for the server before it decides. */
export const DEVICE_ANSWER_FRESH_MS = 5_000;
/** Belt and braces beside the version in the device poll: an open screen reads the configuration at least this often. */
export const CONFIG_REFRESH_MS = 30_000;

export const UNKNOWN_AUDIENCE: ConfigAudience = { authorized: false, staging: false, venueId: null, version: null };

export const configAudience = (device: DeviceStatus): ConfigAudience => ({
  authorized: device.authorized,
  staging: device.staging,
  venueId: device.venueId,
  version: device.configVersion ?? null,
});

/** Whether an answer read for `b` may stand in for `a` while `a`'s loads: the same device state, any version. */
export const sameAudience = (a: ConfigAudience, b: unknown): boolean => {
  const other = b as Partial<ConfigAudience> | undefined;
  return other?.authorized === a.authorized && other.staging === a.staging && other.venueId === a.venueId;
};

export interface DeviceLayerDeps {
  client: {
    getDevice(deviceId: string): Promise<Answer<Endpoints['getDevice']>>;
    getConfig(): Promise<ConfigEntry[]>;
  };
  identity: {
    /** This kiosk's id, made on first use. */
    ensureDeviceId(): Promise<string>;
    /** Keeps the server's answer where the next page load reads it before asking (the cookie). */
    rememberAuthorized(authorized: boolean): void;
  };
  now(): number;
}

export interface DeviceLayer {
  /** This kiosk as the server knows it; unknown to the server, or not authorised, means not authorised. */
  fetchDeviceStatus(): Promise<DeviceStatus>;
  /** True once the server has answered (or failed to answer) about this device since the page loaded. */
  askedSinceLoad(): boolean;
  /**
   * True for a stored answer that was already too old to decide when this page loaded. An answer
   * fresh at load decides until the first poll replaces it: judging it by its age at each poll
   * would flash the checking screen over (and remount) whatever screen the player is on.
   */
  answerStaleAtLoad(answeredAt: number): boolean;
  fetchConfig(): Promise<KioskConfig>;
}

/** Statuses with which the server says it does not know this device or will not answer it. */
const NOT_TRUSTED = [401, 403, 404];

export function createDeviceLayer(deps: DeviceLayerDeps): DeviceLayer {
  const loadedAt = deps.now();
  let asked = false;

  const askServer = async (): Promise<DeviceStatus> => {
    const deviceId = await deps.identity.ensureDeviceId();
    try {
      const device = await deps.client.getDevice(deviceId);
      // The server's clock against ours, so a mark (server time) lands among the clips (kiosk time).
      const offset = Date.parse(device.serverTime) - deps.now();
      const status: DeviceStatus = {
        deviceId,
        authorized: device.isAuthorized === true,
        staging: device.staging === true,
        venueId: device.venueId,
        fieldId: device.fieldId,
        venueLanguage: device.venueLanguage,
        configVersion: device.configVersion,
        courts: device.courts ?? [],
        marks: (device.marks ?? []).map((m) => ({ fieldId: m.fieldId, at: Date.parse(m.at) - (Number.isFinite(offset) ? offset : 0) })),
      };
      deps.identity.rememberAuthorized(status.authorized);
      return status;
    } catch (e) {
      const status = (e as { status?: unknown }).status;
      if (typeof status !== 'number' || !NOT_TRUSTED.includes(status)) throw e;
      deps.identity.rememberAuthorized(false);
      return {
        deviceId,
        authorized: false,
        staging: false,
        venueId: null,
        fieldId: null,
        venueLanguage: DEFAULT_KIOSK_LANGUAGE,
        configVersion: null,
        courts: [],
        marks: [],
      };
    }
  };

  return {
    async fetchDeviceStatus() {
      try {
        return await askServer();
      } finally {
        asked = true;
      }
    },
    askedSinceLoad: () => asked,
    answerStaleAtLoad: (answeredAt) => answeredAt < loadedAt - DEVICE_ANSWER_FRESH_MS,
    fetchConfig: async () => ({ entries: await deps.client.getConfig() }),
  };
}
