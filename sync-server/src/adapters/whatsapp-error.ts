// How a failed WhatsApp send is handled, decided once where Meta's answer is known (Cloud API error
// codes: developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes). Throttling (HTTP 429,
// 130429, 131056, 4, 80007) and Meta's own trouble (5xx, 1, 2, 131000, 131016, 133004) are temporary:
// the delivery tries again later with growing waits. A number that is not on WhatsApp (131026), a
// bad number (100, 131009, 131021, 131030) or a template Meta does not have (132000-132016) are
// final: retrying cannot help, an operator reads the plain reason and fixes the number or the
// template. A refused token (190, 0, 10, 200-299) is final and raises a credential alert; so are a
// request Meta found misconfigured (100, e.g. subcode 33 for an unknown WHATSAPP_PHONE_NUMBER_ID,
// and the other parameter errors 131008, 131009) and an account Meta will not bill (131042): they
// fail every message alike, so the operator is told which setting to fix, not to check a number. A
// request that may have reached Meta without an answer (a timeout, a connection dropped after it was
// written) is unconfirmed: sending it again could give the player two messages.

export type WhatsappFailureKind = 'temporary' | 'permanent' | 'auth' | 'configuration' | 'payment' | 'unconfirmed';

export class WhatsappError extends Error {
  constructor(
    readonly kind: WhatsappFailureKind,
    /** A plain sentence: what happened and what to do. */
    readonly reason: string,
    /** Meta's error code, when it gave one. */
    readonly code?: number,
    /** Meta's error_subcode (33: the object, here the phone number id, does not exist). */
    readonly subcode?: number,
  ) {
    super(reason);
    this.name = 'WhatsappError';
  }

  get retryable(): boolean {
    return this.kind === 'temporary';
  }
}

const TEMPORARY_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131056, 133004]);
const AUTH_CODES = new Set([0, 3, 10, 190]);
const BAD_NUMBER_CODES = new Set([131021]);
/** Meta's parameter errors: the request as this server builds it, so its settings, not the number. */
const PARAMETER_CODES = new Set([100, 131008, 131009]);
export const PAYMENT_CODE = 131042;

/** The setting a parameter error points to. */
function settingOf(code: number, subcode: number | undefined): string {
  if (code === 100 && subcode === 33) return 'WHATSAPP_PHONE_NUMBER_ID (Meta does not know it, or this token may not use it)';
  return 'WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_TEMPLATE (its body must take one parameter, the link)';
}

/** The failure's kind from Meta's code alone (final ones; temporary ones are decided by classifyCloudError). */
export function kindOfCode(code: number): WhatsappFailureKind {
  if (AUTH_CODES.has(code) || (code >= 200 && code <= 299)) return 'auth';
  if (PARAMETER_CODES.has(code)) return 'configuration';
  if (code === PAYMENT_CODE) return 'payment';
  return 'permanent';
}

/** The plain reason for Meta's final codes; what an operator reads on the purchase and in Errors. */
export function plainReason(code: number, title: string | undefined, subcode?: number): string {
  if (PARAMETER_CODES.has(code))
    return `The Cloud API refused the request as misconfigured (${code}${subcode === undefined ? '' : `, subcode ${subcode}`}${title ? `: ${title}` : ''}). This is a setting of this server, not the player's number: check ${settingOf(code, subcode)}, restart, and resend.`;
  if (code === PAYMENT_CODE)
    return 'The WhatsApp Business account has a payment problem (131042), so Meta sends no template message. Fix the payment method in Meta Business Settings > WhatsApp accounts > Payment settings (or WhatsApp Manager), then resend.';
  if (code === 131026)
    return 'This number is not on WhatsApp, or cannot receive the message (131026). Check the number with the player, correct it, and resend; or send the e-mail.';
  if (code === 131030)
    return "This number is not in the test number's allowed list (131030). Add it in the Meta app dashboard, or use the business's own number.";
  if (BAD_NUMBER_CODES.has(code))
    return `WhatsApp refused the number as invalid (${code}). Check the number with the player, correct it, and resend.`;
  if (code === 132001)
    return 'The template WHATSAPP_TEMPLATE does not exist in this language, or is not approved yet (132001). Submit it in both languages (README, WhatsApp), wait for approval, and resend.';
  if (code >= 132000 && code <= 132016)
    return `The WhatsApp template was refused (${code}${title ? `: ${title}` : ''}). Check that WHATSAPP_TEMPLATE is approved, active and has one body parameter (the link), then resend.`;
  if (AUTH_CODES.has(code) || (code >= 200 && code <= 299))
    return `The Cloud API refused WHATSAPP_ACCESS_TOKEN (${code}). Put a valid permanent token in WHATSAPP_ACCESS_TOKEN, restart, and resend.`;
  return `WhatsApp refused the message (${code}${title ? `: ${title}` : ''}).`;
}

/** Meta's error body ({ error: { code, message, error_data } }) and HTTP status, as a decision. */
export function classifyCloudError(status: number, body: unknown): WhatsappError {
  const error = (body as { error?: { code?: unknown; error_subcode?: unknown; message?: unknown; error_user_title?: unknown } } | undefined)
    ?.error;
  const code = typeof error?.code === 'number' ? error.code : undefined;
  const subcode = typeof error?.error_subcode === 'number' ? error.error_subcode : undefined;
  const title =
    typeof error?.error_user_title === 'string' ? error.error_user_title : typeof error?.message === 'string' ? error.message : undefined;
  if (status === 429 || (code !== undefined && TEMPORARY_CODES.has(code)))
    return new WhatsappError('temporary', `WhatsApp asked to slow down or had trouble (${code ?? status}); trying again later`, code);
  if (code === undefined) {
    if (status >= 500) return new WhatsappError('temporary', `WhatsApp answered ${status}; trying again later`);
    if (status === 401 || status === 403) return new WhatsappError('auth', plainReason(190, undefined), 190);
    return new WhatsappError('permanent', `WhatsApp answered ${status} without an error code`);
  }
  if (status >= 500) return new WhatsappError('temporary', `WhatsApp answered ${status} (${code}); trying again later`, code);
  return new WhatsappError(kindOfCode(code), plainReason(code, title, subcode), code, subcode);
}

export function asWhatsappError(err: unknown): WhatsappError {
  if (err instanceof WhatsappError) return err;
  return new WhatsappError('temporary', err instanceof Error ? err.message : String(err));
}
