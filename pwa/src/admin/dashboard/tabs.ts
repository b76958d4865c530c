// Which tabs a role sees and which one `?tab=` opens (spec section 2).
import type { AdminRole, DashboardTab } from '@courtreplay/shared';

const ALL_ADMINS: readonly DashboardTab[] = ['transactions', 'devices'];

export const TAB_ORDER: readonly DashboardTab[] = [
  'transactions',
  'admins',
  'devices',
  'productManagement',
  'productDevManagement',
  'venueManagement',
  'cmsManagement',
  'errors',
  'storageQuota',
];

export function visibleTabs(role: AdminRole): DashboardTab[] {
  return TAB_ORDER.filter((tab) => role === 'superadmin' || ALL_ADMINS.includes(tab));
}

/** `?tab=admins` (super admin only), `?tab=devices`, `?tab=venues` (super admin only). */
export function initialTab(param: string | null, role: AdminRole): DashboardTab {
  if (param === 'devices') return 'devices';
  if (role === 'superadmin' && param === 'admins') return 'admins';
  if (role === 'superadmin' && param === 'venues') return 'venueManagement';
  return 'transactions';
}
