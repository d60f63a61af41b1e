import { useEffect, useRef, useState } from 'react';
import type { ContestBoard } from '../../../core/contract';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { endSession } from '../../app/session';
import type { LinkStatus, RealtimeSocket } from '../../lib/realtime';
import { firebaseSessionConfig } from '../../lib/firebase-session';
import { mirrorContestLater } from '../../app/firestore-mirror-later';

/**
 * A contest's live leaderboard through the realtime adapter (lib/realtime, loaded on first use
 * so it stays out of the first download): says hello with the session's token, watches the
 * contest (again after each reconnect) and hands on each `contest_board` of it; unwatches and
 * closes when the screen goes or `enabled` turns false. Answers the link's status. In Firebase
 * mode it also follows the board's Firestore document, whose boards count while the socket is
 * not open (a board carries no version: the socket, when open, is the one that is in order).
 */
export function useContestBoardFeed(
  contestId: number,
  enabled: boolean,
  onBoard: (board: ContestBoard) => void,
): LinkStatus {
  const dispatch = useAppDispatch();
  const token = useAppSelector((s) => s.auth.token);
  const tokenRef = useRef(token);
  tokenRef.current = token;
  const handler = useRef(onBoard);
  handler.current = onBoard;
  const [link, setLink] = useState<LinkStatus>('idle');
  const signedIn = Boolean(token);

  useEffect(() => {
    if (!enabled || !signedIn) return;
    let socket: RealtimeSocket | null = null;
    let gone = false;
    let linkNow: LinkStatus = 'idle';
    const config = firebaseSessionConfig();
    const stopMirror = config
      ? mirrorContestLater(config, contestId, {
          board: (b) => {
            if (linkNow !== 'open') handler.current(b);
          },
        })
      : null;
    void import('../../lib/realtime').then(({ RealtimeSocket, gatewayUrl }) => {
      if (gone) return;
      socket = new RealtimeSocket(gatewayUrl(), () => tokenRef.current, {
        message: (m) => {
          if (m.type === 'contest_board' && m.board.contest_id === contestId) handler.current(m.board);
        },
        status: (s) => {
          linkNow = s;
          if (!gone) setLink(s);
        },
        clockOffset: () => undefined,
        unauthorized: () => endSession(dispatch),
      });
      socket.start();
      socket.watchContest(contestId);
    });
    return () => {
      gone = true;
      stopMirror?.();
      socket?.unwatchContest(contestId);
      socket?.stop();
      setLink('idle');
    };
  }, [contestId, enabled, signedIn, dispatch]);

  return link;
}
