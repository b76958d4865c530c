// The phone page link a purchase's QR code shows (issue 13 point 2). The kiosk draws the token itself
// (128 random bits, as the server would), so even a free purchase made offline shows its QR code at
// once; the server keeps a well-formed token it has not seen, and its own phoneUrl wins once known.
export function newPhoneToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** publicUrl + '/p/' + token, as the server builds it (no double slash). */
export const phoneUrlFor = (publicUrl: string, token: string) => `${publicUrl.replace(/\/+$/, '')}/p/${token}`;
