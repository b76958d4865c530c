// Inline edits (a venue's name and location, a court's name) save on Enter and cancel on Escape,
// as a form would.
import type { KeyboardEvent } from 'react';

export function inlineEditKeys(e: KeyboardEvent, save: () => void, cancel: () => void) {
  if (e.key === 'Enter' && e.target instanceof HTMLInputElement) {
    e.preventDefault();
    save();
  } else if (e.key === 'Escape') {
    e.preventDefault();
    cancel();
  }
}
