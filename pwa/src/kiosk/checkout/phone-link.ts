// The phone page link a purchase's QR code shows. Its token is one the server issued to this kiosk
// (kiosk/phone-token-stock.ts), so even a free purchase made offline shows its QR code at once; the
// server's own phoneUrl wins once known.

/** publicUrl + '/p/' + token, as the server builds it (no double slash). */
export const phoneUrlFor = (publicUrl: string, token: string) => `${publicUrl.replace(/\/+$/, '')}/p/${token}`;
