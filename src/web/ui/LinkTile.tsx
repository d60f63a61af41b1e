import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ChevronIcon } from './icons';

interface Props {
  to: string;
  /** The name travels with the navigation, so the next page's heading is translated at once. */
  name: string;
  image: string;
  testId: string;
  children: ReactNode;
}

/** A card that opens a list entry: picture, name, a line of details, a chevron. */
export function LinkTile({ to, name, image, testId, children }: Props) {
  return (
    <Link to={to} className="tile" state={{ title: name }} data-testid={testId}>
      <img src={image || '/icons/icon.svg'} alt="" className="tile-image" loading="lazy" width={64} height={64} />
      <span className="tile-body">
        <span className="tile-name" dir="auto">
          {name}
        </span>
        <span className="tile-meta">{children}</span>
      </span>
      <ChevronIcon />
    </Link>
  );
}
