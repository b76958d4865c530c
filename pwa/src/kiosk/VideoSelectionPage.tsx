// Video selection (spec sections 2 and 4): pick or restore today's folder, then browse today's
// clips in pages of 15, play one, tick up to 6 and go to checkout.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { FOLDER_RELOAD_CHECK_MS, MAX_VIDEOS_NOTICE_MS, MESSAGES, addOneText, bundleOfferText, gridPrices } from '@courtreplay/shared';
import { useMessages, useTranslate } from '../i18n/language.ts';
import { FolderAccessError, folderChosenToday, isFolderPickerSupported, pickFolder, restoreTodaysFolder } from '../lib/folder-access.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { FolderPanel } from './FolderPanel.tsx';
import { FullScreenMessage } from './FullScreenMessage.tsx';
import { LongPressButton } from './LongPressButton.tsx';
import { Logo } from './Logo.tsx';
import { PlayerModal } from './PlayerModal.tsx';
import { StaffPinDialog } from './StaffPinDialog.tsx';
import { IdleGuard } from './StillThereDialog.tsx';
import { VideoCard } from './VideoCard.tsx';
import { clearCart, clipStore, resetClips, setClipState, toggleClip, useClipState, type Clip } from './clip-store.ts';
import { loadFolder, setVisibleClips } from './clip-loader.ts';
import { formatRupiah } from './format.ts';
import { GridFilters } from './GridFilters.tsx';
import type { GridChoice } from './grid-filter.ts';
import { useRallyFinder } from './rally-finder.ts';
import { useKioskBase } from './kiosk-base.ts';
import { pageLayout } from './pagination.ts';
import { configValue, pricingOf, useKioskConfig, useProductName } from './queries.ts';
import { staffPinQuery } from './staff-pin.ts';

// Errors are kept in English (the catalogue's words) and shown translated.
const FOLDER_ERRORS = MESSAGES.folder;

/** Set just before going to checkout, so leaving for checkout keeps the clips in memory. */
let goingToCheckout = false;

export function VideoSelectionPage() {
  const { base, staging } = useKioskBase();
  const navigate = useNavigate();
  const clips = useClipState();
  const config = useKioskConfig();
  const productName = useProductName();
  const watermark = configValue(config.data, 'CMS_WATERMARK', staging);
  const [restoring, setRestoring] = useState(clips.status === 'idle');
  const [folderError, setFolderError] = useState<string | null>(null);
  // Today's folder is known but the browser wants its permission asked again: a staff matter, not
  // the player's (issue 25 point 6), so the folder panel is not shown to them.
  const [needsStaff, setNeedsStaff] = useState(false);
  const [page, setPage] = useState(1);
  const [playing, setPlaying] = useState<Clip | null>(null);
  const [notice, setNotice] = useState(false);
  const [previewPlaying, setPreviewPlaying] = useState(false);
  // Issue 12 point 9: questions that guard the cart against a stray tap.
  const [asking, setAsking] = useState<'clearCart' | 'home' | 'staffPin' | null>(null);
  const staffPin = useQuery(staffPinQuery());
  const gridTop = useRef<HTMLDivElement>(null);
  const m = useMessages();
  const M = m.selection;
  const F = m.folder;
  const G = m.guards;
  const tr = useTranslate();
  const goHome = useCallback(() => void navigate(base), [navigate, base]);
  const finder = useRallyFinder(clips);

  useEffect(() => {
    goingToCheckout = false;
    if (clips.status === 'idle') {
      // Without a click the browser may not grant permission again; Browse Videos then asks.
      restoreTodaysFolder(false)
        .then(async (handle) => (handle ? loadFolder(handle) : setNeedsStaff(await folderChosenToday())))
        .catch(() => undefined)
        .finally(() => setRestoring(false));
    }
    return () => {
      if (!goingToCheckout) resetClips();
    };
    // Runs once per visit of the screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const { start, end } = pageLayout(finder.shown.length, page);
    setVisibleClips([...finder.marked, ...finder.shown.slice(start, end)].map((c) => c.id));
  }, [finder.shown, finder.marked, page]);

  const noticeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(noticeTimer.current ?? undefined), []);

  /** Browse Videos reuses today's stored folder when the browser asks permission again (it needs this
   * click to do so); Admin (repick) always opens the picker. */
  const browse = useCallback(async (repick: boolean) => {
    setFolderError(null);
    if (!isFolderPickerSupported()) {
      setFolderError(FOLDER_ERRORS.browserUnsupported);
      return;
    }
    try {
      const handle = (!repick && (await restoreTodaysFolder(true).catch(() => null))) || (await pickFolder());
      resetClips();
      setPage(1);
      // Post-folder-select check (spec section 9): a folder still not read after 15 s is retried by
      // reloading, which restores today's stored handle.
      const check = setTimeout(() => {
        const s = clipStore.get();
        if (s.status === 'loading' && s.clips.length === 0) window.location.reload();
      }, FOLDER_RELOAD_CHECK_MS);
      setNeedsStaff(false);
      await loadFolder(handle).finally(() => clearTimeout(check));
    } catch (e) {
      // Staff who change their mind leave the player's screen as it was.
      if (repick && e instanceof FolderAccessError && e.message === FOLDER_ERRORS.cancelled) return;
      setFolderError(e instanceof FolderAccessError ? e.message : FOLDER_ERRORS.failedToAccess);
    }
  }, []);

  const onToggle = useCallback((id: string) => {
    if (toggleClip(id)) return;
    setNotice(true);
    clearTimeout(noticeTimer.current ?? undefined);
    noticeTimer.current = setTimeout(() => setNotice(false), MAX_VIDEOS_NOTICE_MS);
  }, []);
  const onPlay = useCallback((clip: Clip) => setPlaying(clip), []);
  const closePlayer = useCallback(() => setPlaying(null), []);
  const idleGuard = <IdleGuard onIdle={goHome} busy={previewPlaying} />;

  // The stored-folder check takes a moment: a plain screen, so nothing flashes before the loading screen.
  if (restoring && clips.status === 'idle') return <main className="selection" aria-busy="true" />;
  if (clips.status === 'loading')
    return (
      <>
        <FullScreenMessage title={m.loading.title} subtitle={m.loading.subtitle} testId="loading-screen" />
        {idleGuard}
      </>
    );
  const count = clips.selected.length;

  const header = (
    <>
      <header className="topbar">
        <Logo size="sm" />
        <div className="topbar-actions">
          {clips.status === 'loaded' || needsStaff ? (
            <LongPressButton
              className="btn-ghost"
              // Unknown (offline, say) counts as required: the PIN pad then says it cannot check.
              onLongPress={() => (staffPin.data?.required === false ? void browse(!needsStaff) : setAsking('staffPin'))}
            >
              {F.admin}
            </LongPressButton>
          ) : null}
          <button type="button" className="btn btn-secondary" onClick={() => (count > 0 ? setAsking('home') : goHome())}>
            {F.home}
          </button>
        </div>
      </header>
      {asking === 'home' ? (
        <ConfirmDialog
          title={G.leaveWithCartTitle}
          text={G.leaveWithCartText(count)}
          confirmLabel={G.leaveConfirm}
          cancelLabel={G.keepShopping}
          onConfirm={goHome}
          onCancel={() => setAsking(null)}
          testId="confirm-leave"
        />
      ) : null}
      {asking === 'staffPin' ? (
        <StaffPinDialog
          onUnlocked={() => {
            setAsking(null);
            void browse(!needsStaff);
          }}
          onCancel={() => setAsking(null)}
        />
      ) : null}
    </>
  );

  if (clips.status === 'idle') {
    return (
      <main className="selection">
        {header}
        <FolderPanel needsStaff={needsStaff} productName={productName} error={folderError} onBrowse={() => void browse(false)} />
        {idleGuard}
      </main>
    );
  }

  const layout = pageLayout(finder.shown.length, page);
  const visible = finder.shown.slice(layout.start, layout.end);
  const recent = visible.slice(0, layout.recentCount);
  const older = visible.slice(layout.recentCount);
  const selected = new Set(clips.selected);
  const goTo = (p: number) => {
    setPage(p);
    gridTop.current?.scrollIntoView({ block: 'start' });
  };
  // Prices only once the configuration is known, and only when checkout takes a payment.
  const prices = config.data ? gridPrices(pricingOf(config.data, staging), count) : null;
  const priceTag = (clip: Clip): string | null => {
    if (prices === null) return null;
    const line = clips.selected.indexOf(clip.id);
    if (line >= 0) return formatRupiah(prices.lineTotals[line] ?? 0);
    return prices.addOne === null ? null : addOneText(prices.addOne, M);
  };
  const card = (clip: Clip) => (
    <VideoCard
      key={clip.id}
      clip={clip}
      selected={selected.has(clip.id)}
      price={priceTag(clip)}
      onToggle={onToggle}
      onPlay={onPlay}
      isNew={finder.isNew(clip)}
    />
  );
  const choose = (choice: GridChoice) => {
    setClipState({ choice });
    setPage(1);
  };

  return (
    <main className="selection has-bottombar">
      {header}
      <div className="selection-heading" ref={gridTop}>
        <p className="eyebrow">{productName}</p>
        <h1>{M.title}</h1>
      </div>
      {clips.error ? (
        <p className="alert alert-error" role="alert">
          {tr(clips.error)}
        </p>
      ) : null}
      {folderError ? (
        <p className="alert alert-error" role="alert">
          {tr(folderError)}
        </p>
      ) : null}
      {clips.clips.length === 0 && !clips.error ? (
        <section className="empty-state" data-testid="empty-state">
          <h2>{M.emptyTitle}</h2>
          <p>{M.emptyText}</p>
        </section>
      ) : null}
      {clips.clips.length > 0 ? <GridFilters chips={finder.chips} jumps={finder.jumps} choice={clips.choice} onChoose={choose} /> : null}
      {finder.marked.length > 0 && layout.page === 1 ? (
        <section className="marked-moments" aria-labelledby="marked-moments">
          <h2 className="divider" id="marked-moments">
            <span>{m.courts.markedMoments}</span>
          </h2>
          <ul className="video-grid" data-testid="marked-grid">
            {finder.marked.map(card)}
          </ul>
        </section>
      ) : null}
      {clips.clips.length > 0 && finder.shown.length === 0 ? (
        <p className="empty-choice" data-testid="empty-choice">
          {m.courts.nothingHere}
        </p>
      ) : null}
      {finder.shown.length > 0 ? (
        <>
          <h2 className="divider">
            <span>{M.recentVideos}</span>
          </h2>
          <ul className="video-grid" data-testid="recent-grid">
            {recent.map(card)}
          </ul>
          {layout.showOlderDivider && older.length > 0 ? (
            <>
              <h2 className="divider">
                <span>{M.olderVideos}</span>
              </h2>
              <ul className="video-grid" data-testid="older-grid">
                {older.map(card)}
              </ul>
            </>
          ) : null}
          <nav className="pagination" aria-label={M.pages}>
            <button
              type="button"
              className="btn btn-secondary"
              disabled={layout.page <= 1}
              onClick={() => goTo(layout.page - 1)}
              aria-label={M.previousPage}
            >
              ‹
            </button>
            {Array.from({ length: layout.pageCount }, (_, i) => i + 1).map((p) => (
              <button
                key={p}
                type="button"
                className={`btn page-number${p === layout.page ? ' is-current' : ''}`}
                aria-current={p === layout.page ? 'page' : undefined}
                onClick={() => goTo(p)}
              >
                {p}
              </button>
            ))}
            <button
              type="button"
              className="btn btn-secondary"
              disabled={layout.page >= layout.pageCount}
              onClick={() => goTo(layout.page + 1)}
              aria-label={M.nextPage}
            >
              ›
            </button>
          </nav>
          <p className="pagination-info" data-testid="pagination-info">
            {M.showing(layout.from, layout.to, layout.total)}
          </p>
        </>
      ) : null}
      {notice ? (
        <div className="toast" role="alert" data-testid="max-notice">
          {M.maxVideos}
        </div>
      ) : null}
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
        <button
          type="button"
          className="btn btn-secondary btn-lg bottombar-clear"
          disabled={count === 0}
          onClick={() => setAsking('clearCart')}
        >
          {M.clearCart(count)}
        </button>
        <button
          type="button"
          className="btn btn-primary btn-lg"
          disabled={count === 0}
          onClick={() => {
            goingToCheckout = true;
            void navigate(`${base}/checkout`);
          }}
        >
          {M.checkout}
        </button>
      </footer>
      {playing ? (
        <PlayerModal
          clip={playing}
          watermark={watermark}
          onClose={closePlayer}
          onPlayingChange={setPreviewPlaying}
          selected={selected.has(playing.id)}
          onToggle={() => onToggle(playing.id)}
        />
      ) : null}
      {asking === 'clearCart' ? (
        <ConfirmDialog
          title={G.clearCartTitle(count)}
          confirmLabel={G.clearCartConfirm}
          cancelLabel={G.keepShopping}
          onConfirm={() => {
            clearCart();
            setAsking(null);
          }}
          onCancel={() => setAsking(null)}
          testId="confirm-clear-cart"
        />
      ) : null}
      {idleGuard}
    </main>
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
