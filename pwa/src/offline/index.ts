// The offline layer's public face: what main.tsx, the kiosk layout and checkout use.
export { OfflineProvider } from './OfflineProvider.tsx';
export { StatusChip } from './StatusChip.tsx';
export { PaymentNeedsConnection } from './PaymentNeedsConnection.tsx';
export { ApplyUpdateOnHome, registerOfflineServiceWorker } from './sw-update.ts';
export { useOnline, isOnline, subscribeOnline } from './network.ts';
