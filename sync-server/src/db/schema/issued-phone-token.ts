/** A phone-page token the server issued to one kiosk for a later sale (migration 056). */
export interface IssuedPhoneTokenTable {
  /** 128 random bits, base64url: the /p/{token} a purchase's QR code opens. */
  token: string;
  /** The kiosk it was issued to: only that kiosk's purchases may name it. */
  deviceId: string;
  issuedAt: string;
  /** When a purchase took it; null while it waits in the kiosk's stock. */
  usedAt: string | null;
}
