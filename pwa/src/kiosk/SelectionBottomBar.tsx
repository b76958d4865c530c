// The selection screen's bottom bar: the cart's total and bundle offer, Clear cart and Checkout.
import { bundleOfferText, type GridPrices } from '@courtreplay/shared';
import { useMessages } from '../i18n/language.ts';
import { formatRupiah } from './format.ts';
import './SelectionBottomBar.css';

interface Props {
  count: number;
  /** Null until the configuration is known, or when checkout takes no payment. */
  prices: GridPrices | null;
  onClearCart: () => void;
  onCheckout: () => void;
}

export function SelectionBottomBar({ count, prices, onClearCart, onCheckout }: Props) {
  const M = useMessages().selection;
  return (
    <footer className="bottombar" ref={publishBottomBarSpace}>
      {prices ? (
        <div className="cart-summary" data-testid="cart-summary" aria-live="polite">
          <span className="cart-total" data-testid="cart-total">
            {M.total(formatRupiah(prices.total))}
          </span>
          {prices.offer ? (
            <span className="cart-offer" data-testid="cart-offer">
              {bundleOfferText(prices.offer, M)}
            </span>
          ) : null}
        </div>
      ) : null}
      <button type="button" className="btn btn-secondary btn-lg bottombar-clear" disabled={count === 0} onClick={onClearCart}>
        {M.clearCart(count)}
      </button>
      <button type="button" className="btn btn-primary btn-lg" disabled={count === 0} onClick={onCheckout}>
        {M.checkout}
      </button>
    </footer>
  );
}

/**
 * The bottom bar's ref: publishes its real height as --bottombar-space while it is on screen (it
 * grows with the price line and wraps on portrait screens), so the grid's last row, the toast and
 * the status chip clear it.
 */
function publishBottomBarSpace(footer: HTMLElement | null) {
  if (!footer) return;
  const root = document.documentElement.style;
  const update = () => root.setProperty('--bottombar-space', `${footer.offsetHeight}px`);
  update();
  const observer = new ResizeObserver(update);
  observer.observe(footer);
  return () => {
    observer.disconnect();
    root.removeProperty('--bottombar-space');
  };
}
