// When a downloaded new version of the app may take over: only on the kiosk home screen, where no
// purchase is under way (a purchase's uploads are outbox jobs that resume after the reload).
const HOME_PATHS = new Set(['/box', '/staging']);

export function canApplyUpdate(pathname: string): boolean {
  return HOME_PATHS.has(pathname.replace(/\/+$/, ''));
}
