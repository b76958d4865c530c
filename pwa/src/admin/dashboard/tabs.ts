// Which tabs a role sees and which one `?tab=` opens (spec section 2).
import { DASHBOARD_TABS, type AdminRole, type DashboardTab } from '@courtreplay/shared';

// Venue admins also price their own venue and see its errors (a deliberate
// change to the spec's "Transactions and Devices only"); the Product tabs hold the promo codes. They
// also keep their own venue's courts and posters in the Venues tab (docs/back-office.md, Venues).
const ALL_ADMINS: readonly DashboardTab[] = [
  'transactions',
  'devices',
  'productManagement',
  'productDevManagement',
  'venueManagement',
  'errors',
];

/** The spec's order, which is also the shared list of tab keys. */
export const TAB_ORDER: readonly DashboardTab[] = DASHBOARD_TABS;

export function visibleTabs(role: AdminRole): DashboardTab[] {
  return TAB_ORDER.filter((tab) => role === 'superadmin' || ALL_ADMINS.includes(tab));
}

/** `?tab=admins` (super admin only), `?tab=devices`, `?tab=venues`. */
export function initialTab(param: string | null, role: AdminRole): DashboardTab {
  if (param === 'devices') return 'devices';
  if (role === 'superadmin' && param === 'admins') return 'admins';
  if (param === 'venues') return 'venueManagement';
  return 'transactions';
}
