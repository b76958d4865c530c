// When a downloaded new version of the app may take over: only on the kiosk home screen, where no
// purchase is under way (a purchase's uploads are outbox jobs that resume after the reload).
const HOME_PATHS = new Set(['/box', '/staging']);

export function canApplyUpdate(pathname: string): boolean {
  return HOME_PATHS.has(pathname.replace(/\/+$/, ''));
}

/** Where a new version of the app is: none, downloaded and waiting, or already in control. */
export type UpdateState = 'none' | 'waiting' | 'needs-reload';

/**
 * What the kiosk does about a new version on `pathname`: nothing away from home; on home, reload
 * into a version that has already taken control, or ask a waiting one to take over.
 */
export function updateAction(update: UpdateState, pathname: string): 'nothing' | 'reload' | 'take-over' {
  if (update === 'none' || !canApplyUpdate(pathname)) return 'nothing';
  return update === 'needs-reload' ? 'reload' : 'take-over';
}
