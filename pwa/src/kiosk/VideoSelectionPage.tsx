// Video selection (spec sections 2 and 4): pick or restore today's folder, then browse today's
// clips in pages of 15, play one, tick up to 6 and go to checkout. The flow (folder, loading screen,
// rereads, page, notice) is clip-loading.ts's; this screen renders its state.
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { addOneText, gridPrices } from '@courtreplay/shared';
import { useMessages, useTranslate } from '../i18n/language.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { FolderPanel } from './FolderPanel.tsx';
import { FullScreenMessage } from './FullScreenMessage.tsx';
import { PageNav } from './PageNav.tsx';
import { PlayerModal } from './PlayerModal.tsx';
import { SelectionBottomBar } from './SelectionBottomBar.tsx';
import { SelectionTopBar } from './SelectionTopBar.tsx';
import { IdleGuard } from './StillThereDialog.tsx';
import { VideoCard } from './VideoCard.tsx';
import { clearCart, type Clip } from './clip-store.ts';
import { kioskClipLoading } from './clip-loading-browser.ts';
import { formatRupiah } from './format.ts';
import { GridFilters } from './GridFilters.tsx';
import { useRallyFinder } from './rally-finder.ts';
import { useKioskBase } from './kiosk-base.ts';
import { pageLayout } from './pagination.ts';
import { configValue, pricingOf, useKioskConfig, useProductName } from './queries.ts';
import { useCheckoutSession } from './checkout/session.ts';
import './VideoSelectionPage.css';

export function VideoSelectionPage() {
  const { base, staging } = useKioskBase();
  const navigate = useNavigate();
  const config = useKioskConfig();
  const productName = useProductName();
  const watermark = configValue(config.data, 'CMS_WATERMARK', staging);
  const flow = kioskClipLoading();
  const { screen, needsStaff, folderError, page, notice, empty, clips } = useSyncExternalStore(flow.subscribe, () => flow.state);
  /** Set just before going to checkout, so leaving for checkout keeps the clips in memory. */
  const goingToCheckout = useRef(false);
  const [playing, setPlaying] = useState<Clip | null>(null);
  const [previewPlaying, setPreviewPlaying] = useState(false);
  // Clear cart asks first, against a stray tap.
  const [askingClearCart, setAskingClearCart] = useState(false);
  const gridTop = useRef<HTMLDivElement>(null);
  const m = useMessages();
  const M = m.selection;
  const G = m.guards;
  const tr = useTranslate();
  const goHome = useCallback(() => void navigate(base), [navigate, base]);
  const finder = useRallyFinder(clips);

  useEffect(() => {
    goingToCheckout.current = false;
    flow.enter();
    return () => flow.leave(goingToCheckout.current);
  }, [flow]);

  // The order this player closed was paid while they browse: its completed screen, with the QR code.
  const { paidMeanwhile } = useCheckoutSession();
  useEffect(() => {
    if (!paidMeanwhile) return;
    goingToCheckout.current = true;
    void navigate(`${base}/checkout`);
  }, [paidMeanwhile, navigate, base]);

  useEffect(() => {
    const { start, end } = pageLayout(finder.shown.length, page);
    flow.setVisible([...finder.marked, ...finder.shown.slice(start, end)].map((c) => c.id));
  }, [flow, finder.shown, finder.marked, page]);

  const browse = useCallback((repick: boolean) => void flow.browse(repick), [flow]);
  const onToggle = useCallback((id: string) => flow.toggle(id), [flow]);
  const onPlay = useCallback((clip: Clip) => setPlaying(clip), []);
  const closePlayer = useCallback(() => setPlaying(null), []);
  const idleGuard = <IdleGuard onIdle={goHome} busy={previewPlaying} />;

  // The stored-folder check takes a moment: a plain screen, so nothing flashes before the loading screen.
  if (screen === 'checking') return <main className="selection" aria-busy="true" />;
  if (screen === 'loading')
    return (
      <>
        <FullScreenMessage title={m.loading.title} subtitle={m.loading.subtitle} testId="loading-screen" />
        {idleGuard}
      </>
    );
  const count = clips.selected.length;

  const header = (
    <SelectionTopBar
      showAdmin={clips.status === 'loaded' || needsStaff}
      count={count}
      onRepick={() => browse(!needsStaff)}
      onHome={goHome}
    />
  );

  if (screen === 'folder') {
    return (
      <main className="selection">
        {header}
        <FolderPanel needsStaff={needsStaff} productName={productName} error={folderError} onBrowse={() => browse(false)} />
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
    flow.setPage(p);
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
  const card = (clip: Clip, court?: string) => (
    <VideoCard
      key={clip.id}
      clip={clip}
      selected={selected.has(clip.id)}
      price={priceTag(clip)}
      onToggle={onToggle}
      onPlay={onPlay}
      isNew={finder.isNew(clip)}
      court={court}
    />
  );
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
      {empty ? (
        <section className="empty-state" data-testid="empty-state">
          <h2>{M.emptyTitle}</h2>
          <p>{M.emptyText}</p>
        </section>
      ) : null}
      {clips.clips.length > 0 ? (
        <GridFilters chips={finder.chips} jumps={finder.jumps} choice={clips.choice} onChoose={flow.choose} />
      ) : null}
      {finder.marked.length > 0 && layout.page === 1 ? (
        <section className="marked-moments" aria-labelledby="marked-moments">
          <h2 className="divider" id="marked-moments">
            <span>{m.courts.markedMoments}</span>
          </h2>
          <ul className="video-grid" data-testid="marked-grid">
            {finder.marked.map((clip) => card(clip, finder.courtOf(clip) ?? m.courts.ownCourt))}
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
            {recent.map((clip) => card(clip))}
          </ul>
          {layout.showOlderDivider && older.length > 0 ? (
            <>
              <h2 className="divider">
                <span>{M.olderVideos}</span>
              </h2>
              <ul className="video-grid" data-testid="older-grid">
                {older.map((clip) => card(clip))}
              </ul>
            </>
          ) : null}
          <PageNav layout={layout} onGoTo={goTo} />
        </>
      ) : null}
      {notice ? (
        <div className="toast" role="alert" data-testid="max-notice">
          {M.maxVideos}
        </div>
      ) : null}
      <SelectionBottomBar
        count={count}
        prices={prices}
        onClearCart={() => setAskingClearCart(true)}
        onCheckout={() => {
          goingToCheckout.current = true;
          void navigate(`${base}/checkout`);
        }}
      />
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
      {askingClearCart ? (
        <ConfirmDialog
          title={G.clearCartTitle(count)}
          confirmLabel={G.clearCartConfirm}
          cancelLabel={G.keepShopping}
          onConfirm={() => {
            clearCart();
            setAskingClearCart(false);
          }}
          onCancel={() => setAskingClearCart(false)}
          testId="confirm-clear-cart"
        />
      ) : null}
      {idleGuard}
    </main>
  );
}
