// The play screen's small inline icons (stroke icons follow the text colour).
import { Outline } from '../icons';

function Stroke({ size = 20, d, className }: { size?: number; d: string; className?: string }) {
  return (
    <Outline size={size} width={2.2} className={className}>
      <path d={d} />
    </Outline>
  );
}

export const BookmarkIcon = ({ filled }: { filled: boolean }) => (
  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" stroke="currentColor" strokeWidth="2.2">
    <path d="M6 3h12v18l-6-4.5L6 21z" fill={filled ? 'currentColor' : 'none'} strokeLinejoin="round" />
  </svg>
);
export const FlagIcon = () => <Stroke d="M5 21V4m0 0h11l-2 4 2 4H5" />;
export const GripIcon = () => <Stroke d="M9 6h.01M15 6h.01M9 12h.01M15 12h.01M9 18h.01M15 18h.01" />;
export const UpIcon = () => <Stroke d="M6 15l6-6 6 6" />;
export const DownIcon = () => <Stroke d="M6 9l6 6 6-6" />;
export const PlayIcon = () => (
  <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
    <path d="M8 5v14l11-7z" fill="currentColor" />
  </svg>
);
export const PauseIcon = () => (
  <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
    <path d="M7 5h4v14H7zM13 5h4v14h-4z" fill="currentColor" />
  </svg>
);
export const BackspaceIcon = () => <Stroke className="flip" d="M9 5h11v14H9l-6-7zM12 9l5 6m0-6l-5 6" />;
export const BulbIcon = () => (
  <Stroke d="M9 18h6m-5 3h4M12 3a6 6 0 00-3.5 10.9c.6.5 1 1.2 1 2.1h5c0-.9.4-1.6 1-2.1A6 6 0 0012 3z" />
);
export const ArrowIcon = () => <Stroke className="flip" d="M5 12h14m-5-5l5 5-5 5" />;
