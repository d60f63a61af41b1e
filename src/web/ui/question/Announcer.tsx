import { useEffect, useState } from 'react';

/**
 * A play screen's one polite live region (issue 23): the verdict, "10 seconds left", an
 * opponent's answer, coins won, the result. The region is on screen before its words: a region
 * that arrives with its text is not read by every screen reader, so the text comes one render
 * after the region. The visible clock and figures are never live (they would speak every second).
 */
export function Announcer({ text }: { text: string }) {
  const [said, setSaid] = useState('');
  useEffect(() => setSaid(text), [text]);
  return (
    <p className="sr-only" role="status" aria-live="polite" aria-atomic="true" data-testid="announcer">
      {said}
    </p>
  );
}
