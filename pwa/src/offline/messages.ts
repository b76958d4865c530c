// The offline layer's own wording (the spec words none of it): plain, short, legible at arm's length.
export const OFFLINE_MESSAGES = {
  online: 'Online',
  offline: 'Offline',
  purchasesWaiting: (n: number) => `${n} ${n === 1 ? 'purchase' : 'purchases'} waiting`,
  clipsWaiting: (n: number) => `${n} ${n === 1 ? 'clip' : 'clips'} waiting`,
  allSent: 'All sent',
  needsConnectionTitle: 'Paying needs an internet connection',
  needsConnectionBody:
    'The kiosk is offline right now, so card and e-wallet payments cannot be taken. Nothing has been charged. Please come back in a few minutes: your videos will still be here.',
  comeBackLater: 'Come back later',
} as const;
