// TEMPORARY stand-in for helper C's play/SoloPlay (same props), until it lands.
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { PlaySession, QuizResult } from '../../../core/contract';
import { errorMessage } from '../../lib/i18n';
import { Spinner } from '../../ui/Spinner';

export interface SoloPlayProps {
  open: () => Promise<PlaySession>;
  playKey: string;
  back: { to: string; label: string; state?: unknown };
  next?: (result: QuizResult) => { to: string; label: string; state?: unknown } | null;
  expect?: string[];
}

export function SoloPlay({ open, playKey, back }: SoloPlayProps) {
  const [s, setS] = useState<PlaySession | string | null>(null);
  useEffect(() => {
    let live = true;
    setS(null);
    open().then(
      (x) => live && setS(x),
      (e: { code?: string }) => live && setS(e.code ?? 'unknown'),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [playKey]);
  if (s === null) return <Spinner />;
  return (
    <section className="card" data-testid={typeof s === 'string' ? 'play-error' : 'play-stub'}>
      <h1>{typeof s === 'string' ? errorMessage(s) : `${s.title} (${s.mode}) · ${s.questions.length}`}</h1>
      <Link to={back.to} state={back.state} className="btn btn-primary">
        {back.label}
      </Link>
    </section>
  );
}
