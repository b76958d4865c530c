// The clips of the chosen folder and the cart, kept in memory for the kiosk session so that going
// to checkout and back needs no re-reading (spec section 4). clip-loader.ts fills it; this module
// stays free of IndexedDB so the home screen can reset it without loading Dexie.
import { useSyncExternalStore } from 'react';
import type { VideoInfo } from '../lib/clip-files.ts';
import { toggleInCart } from './cart.ts';
import { FIRST_CHOICE, type GridChoice } from './grid-filter.ts';

export interface Clip extends VideoInfo {
  file: File;
  url: string;
  duration: number | null;
  thumbnailUrl: string | null;
  /** The browser cannot decode the file: marked on its card, never selectable. */
  undecodable: boolean;
  /** The kiosk folder's subfolder it lies in (a court's); null: the folder itself. */
  folder: string | null;
  /** When it appeared while the grid was open (its "New" badge); null: listed at load. */
  arrivedAt: number | null;
}

export interface ClipState {
  status: 'idle' | 'loading' | 'loaded';
  folderName: string | null;
  clips: Clip[];
  selected: string[];
  error: string | null;
  /** The court chip and time jump the player chose: kept through checkout and back, reset with the cart. */
  choice: GridChoice;
}

export const CART_KEY = 'kioskCart';

let state: ClipState = { status: 'idle', folderName: null, clips: [], selected: [], error: null, choice: FIRST_CHOICE };
const listeners = new Set<() => void>();
let generation = 0;

/** Bumped whenever the clips are replaced, so a background fill for old clips stops. */
export const currentGeneration = () => generation;
export const nextGeneration = () => ++generation;

export function setClipState(patch: Partial<ClipState>) {
  state = { ...state, ...patch };
  if ('selected' in patch) sessionStorage.setItem(CART_KEY, JSON.stringify(state.selected));
  for (const l of listeners) l();
}

export function patchClip(id: string, patch: Partial<Clip>) {
  const clips = state.clips.map((c) => (c.id === id ? { ...c, ...patch } : c));
  // A clip found undecodable leaves the cart (a restored cart may hold it).
  if (patch.undecodable && state.selected.includes(id)) setClipState({ clips, selected: state.selected.filter((s) => s !== id) });
  else setClipState({ clips });
}

export const clipStore = {
  get: () => state,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

export function useClipState(): ClipState {
  return useSyncExternalStore(clipStore.subscribe, clipStore.get);
}

export function selectedClips(s: ClipState = state): Clip[] {
  const byId = new Map(s.clips.map((c) => [c.id, c]));
  return s.selected.map((id) => byId.get(id)).filter((c): c is Clip => !!c);
}

/** Ticks or unticks a clip; false when a 7th is refused. An undecodable clip is never ticked. */
export function toggleClip(id: string): boolean {
  if (state.clips.find((c) => c.id === id)?.undecodable) return true;
  const r = toggleInCart(state.selected, id);
  if (!r.refused) setClipState({ selected: r.selected });
  return !r.refused;
}

export function clearCart() {
  setClipState({ selected: [] });
}

/** Forgets the clips and the cart (leaving the selection for anywhere but checkout). */
export function resetClips() {
  generation++;
  for (const c of state.clips) URL.revokeObjectURL(c.url);
  sessionStorage.removeItem(CART_KEY);
  state = { status: 'idle', folderName: null, clips: [], selected: [], error: null, choice: FIRST_CHOICE };
  for (const l of listeners) l();
}

/** The whole store as the clip-loading machine takes it (clip-loading.ts' ClipStoreApi). */
export const clipStoreApi = {
  get: clipStore.get,
  subscribe: (listener: () => void) => {
    const unsubscribe = clipStore.subscribe(listener);
    return () => void unsubscribe();
  },
  set: setClipState,
  patchClip,
  reset: resetClips,
  toggle: toggleClip,
  currentGeneration,
  nextGeneration,
};
