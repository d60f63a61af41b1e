// The console's navigation icons: stroked 24×24 paths drawn in the current colour.
import { Outline } from '../../../ui/icons';

const PATHS = {
  dashboard: 'M4 13h6V4H4zM14 20h6v-9h-6zM4 20h6v-4H4zM14 4v4h6V4z',
  users: 'M9 11a4 4 0 100-8 4 4 0 000 8zM2 21v-1a6 6 0 0112 0v1M16 3.5a4 4 0 010 7.5M22 21v-1a6 6 0 00-4-5.6',
  payouts: 'M3 7h18v12H3zM3 11h18M7 15h3',
  reports: 'M5 21V4h11l-1.5 4L16 12H5',
  notifications: 'M6 16V11a6 6 0 0112 0v5l2 2H4zM10 21h4',
  settings:
    'M12 15a3 3 0 100-6 3 3 0 000 6zM19.4 15a1.7 1.7 0 00.3 1.8l.1.1a2 2 0 11-2.8 2.8l-.1-.1a1.7 1.7 0 00-1.8-.3 1.7 1.7 0 00-1 1.5V21a2 2 0 01-4 0v-.1a1.7 1.7 0 00-1.1-1.5 1.7 1.7 0 00-1.8.3l-.1.1a2 2 0 11-2.8-2.8l.1-.1a1.7 1.7 0 00.3-1.8 1.7 1.7 0 00-1.5-1H3a2 2 0 010-4h.1a1.7 1.7 0 001.5-1.1 1.7 1.7 0 00-.3-1.8l-.1-.1a2 2 0 112.8-2.8l.1.1a1.7 1.7 0 001.8.3H9a1.7 1.7 0 001-1.5V3a2 2 0 014 0v.1a1.7 1.7 0 001 1.5 1.7 1.7 0 001.8-.3l.1-.1a2 2 0 112.8 2.8l-.1.1a1.7 1.7 0 00-.3 1.8V9a1.7 1.7 0 001.5 1H21a2 2 0 010 4h-.1a1.7 1.7 0 00-1.5 1z',
  translations: 'M4 5h8M8 3v2M6 5c0 4 3 7 6 8M10 5c0 3-3 7-6 8M13 21l4-10 4 10M14.5 18h5',
  audit: 'M9 3h6v3H9zM7 5H5v16h14V5h-2M9 11h6M9 15h4',
  content: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 16.5h7M16.5 13v7',
  events: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5M8 14h3',
  menu: 'M4 7h16M4 12h16M4 17h16',
  back: 'M10 6l-6 6 6 6M4 12h16',
  close: 'M6 6l12 12M18 6L6 18',
  lock: 'M5 11h14v10H5zM8 11V8a4 4 0 018 0v3',
} as const;

export type AdminIconName = keyof typeof PATHS;

/** One of the console's icons (decorative: the text beside it names the thing). */
export function AdminIcon({ name, size = 20, className }: { name: AdminIconName; size?: number; className?: string }) {
  return (
    <Outline size={size} width={1.8} className={className}>
      <path d={PATHS[name]} />
    </Outline>
  );
}
