import type { AdminKey } from './i18n';
import type { AdminIconName } from './ui/admin-icons';
import { adminPaths } from './admin-paths';

export interface NavEntry {
  to: string;
  label: AdminKey;
  icon: AdminIconName;
  /** Only this exact path marks it current (the dashboard's /admin is every page's prefix). */
  end?: boolean;
  testId: string;
}

export interface NavGroup {
  label: AdminKey;
  entries: NavEntry[];
}

const entry = (key: keyof typeof adminPaths, icon: AdminIconName, end = false): NavEntry => ({
  to: adminPaths[key],
  label: `nav.${key}` as AdminKey,
  icon,
  end,
  testId: `admin-nav-${key}`,
});

/** The console's side navigation, in groups. */
export const NAV: NavGroup[] = [
  { label: 'nav.groupOverview', entries: [entry('dashboard', 'dashboard', true)] },
  {
    label: 'nav.groupPlayers',
    entries: [entry('users', 'users'), entry('payouts', 'payouts'), entry('reports', 'reports')],
  },
  { label: 'nav.groupContent', entries: [entry('content', 'content'), entry('events', 'events')] },
  { label: 'nav.groupEngage', entries: [entry('notifications', 'notifications')] },
  {
    label: 'nav.groupSystem',
    entries: [entry('settings', 'settings'), entry('translations', 'translations'), entry('audit', 'audit')],
  },
];
