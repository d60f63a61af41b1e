import type { ReactNode } from 'react';
import { Avatar } from './Avatar';

export interface PodiumPlace {
  id: number;
  rank: number;
  name: ReactNode;
  /** Text of the name for the avatar's initial. */
  initial: string;
  image?: string;
  score: ReactNode;
  mine?: boolean;
  testId?: string;
  /** The place said for screen readers ("Rank 1"): the step's figure is decoration. */
  rankLabel?: string;
}

/**
 * The top three on steps: first in the middle and tallest, second and third beside it (the order
 * a podium is read in, mirrored in right-to-left). The list stays in rank order for screen readers;
 * only the layout moves them. The steps rise in, one after the other.
 */
export function Podium({ places, label, hidden = false }: { places: PodiumPlace[]; label: string; hidden?: boolean }) {
  return (
    <ol
      className="podium"
      aria-label={hidden ? undefined : label}
      aria-hidden={hidden || undefined}
      data-testid="podium"
      data-count={Math.min(3, places.length)}
    >
      {places.slice(0, 3).map((p, i) => (
        <li
          key={p.id}
          // Placed by its order (second, first, third); its step as tall as its rank (a tie
          // for first stands as high as the first).
          className={`podium-place place-${i + 1} step-${Math.min(3, p.rank)}${p.mine ? ' mine' : ''}`}
          data-testid={p.testId}
          data-rank={p.rank}
        >
          {p.rankLabel && <span className="sr-only">{p.rankLabel}</span>}
          <span className="podium-who">
            <Avatar name={p.initial || '?'} src={p.image} size={i === 0 ? 56 : 44} />
            <span className="podium-name" dir="auto">
              {p.name}
            </span>
            <span className="podium-score">{p.score}</span>
          </span>
          <span className="podium-step" aria-hidden="true">
            {p.rank}
          </span>
        </li>
      ))}
    </ol>
  );
}
