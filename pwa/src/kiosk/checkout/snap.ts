// Loads the payment provider's snap.js (the URL the server names: Midtrans, or the simulator with
// the same API) and opens the embedded payment form: the checkout machine's PaymentForm in a browser.
import type { PaymentClientConfig } from '@courtreplay/shared';
import { PaymentFormError, type PaymentForm } from './checkout-machine.ts';

export interface SnapResult {
  order_id?: string;
  status_code?: string;
  status_message?: string;
  transaction_status?: string;
  [field: string]: unknown;
}

export interface SnapCallbacks {
  embedId: string;
  /** Snap's own wording: 'id' (its default) or 'en'; the kiosk passes the player's language. */
  language: 'en' | 'id';
  onSuccess: (result: SnapResult) => void;
  onPending: (result: SnapResult) => void;
  onError: (result: SnapResult) => void;
  onClose: () => void;
}

interface Snap {
  embed(token: string, options: SnapCallbacks): void;
}

type SnapWindow = Window & { snap?: Snap };

const loaded = new Map<string, Promise<void>>();

/** Adds the script once per URL; rejects when it cannot be loaded. */
export function loadSnapScript(scriptUrl: string, clientKey: string): Promise<void> {
  let p = loaded.get(scriptUrl);
  if (!p) {
    p = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = scriptUrl;
      script.async = true;
      script.dataset.clientKey = clientKey;
      script.onload = () => resolve();
      script.onerror = () => {
        loaded.delete(scriptUrl);
        script.remove();
        reject(new Error('snap.js failed to load'));
      };
      document.head.appendChild(script);
    });
    loaded.set(scriptUrl, p);
  }
  return p;
}

export const getSnap = (): Snap | undefined => (window as SnapWindow).snap;

/**
 * The browser's payment form: the provider's configuration (asked of the server; `forget` drops a
 * bad answer so the next Pay Now asks again), its script, then Snap's embedded form in `embedId`.
 */
export function snapPaymentForm(options: {
  embedId: string;
  clientConfig: () => Promise<PaymentClientConfig>;
  forget: () => void;
}): PaymentForm {
  return {
    async prepare() {
      let client: PaymentClientConfig;
      try {
        client = await options.clientConfig();
        if (!client.scriptUrl) throw new Error('no script');
      } catch {
        options.forget();
        throw new PaymentFormError('notConfigured');
      }
      try {
        await loadSnapScript(client.scriptUrl, client.clientKey);
      } catch {
        throw new PaymentFormError('scriptFailed');
      }
    },
    embed(token, language, callbacks) {
      const snap = getSnap();
      if (!snap) throw new PaymentFormError('formFailed');
      try {
        snap.embed(token, { embedId: options.embedId, language, ...callbacks });
      } catch {
        throw new PaymentFormError('initFailed');
      }
    },
  };
}
