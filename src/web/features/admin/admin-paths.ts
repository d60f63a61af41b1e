// The console's routes, below /admin (the app's paths module holds only the root: the players'
// entry chunk does not carry the console's table).
export const adminPaths = {
  dashboard: '/admin',
  users: '/admin/users',
  payouts: '/admin/payouts',
  reports: '/admin/reports',
  notifications: '/admin/notifications',
  settings: '/admin/settings',
  translations: '/admin/translations',
  audit: '/admin/audit',
  content: '/admin/content',
  events: '/admin/events',
} as const;

export type AdminSection = keyof typeof adminPaths;
