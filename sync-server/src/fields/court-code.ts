// A court's poster code: 128 random bits, base64url, so a code cannot be guessed
// from another court's. Anything not shaped like one is refused before the database is asked.
import { randomBytes } from 'node:crypto';

export const newCourtCode = (): string => randomBytes(16).toString('base64url');

export const isCourtCodeShaped = (code: string): boolean => /^[A-Za-z0-9_-]{22}$/.test(code);

/** The poster's link: {PUBLIC_URL}/c/{courtCode}. */
export const markUrlOf = (publicUrl: string, courtCode: string): string => `${publicUrl}/c/${courtCode}`;
