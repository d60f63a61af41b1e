import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { api } from '../../lib/api-client';

/** How long an answer rests before it is saved (a typed word is saved once, not per letter). */
const SETTLE_MS = 500;

/** Refusals that mean the attempt is over: the submission (or its failure) says so on screen. */
const OVER = ['exam_submitted', 'exam_time_over', 'not_found'];

/** Where the answers given stand: all on the server, some on their way, some waiting for the network. */
export type SaveState = 'saved' | 'saving' | 'queued';

const loadOutbox = () => import('../../lib/offline/outbox-client');

/**
 * Saves each exam answer on the server as it is given (set_exam_module_answer), through the
 * outbox: stored on the device first, sent at once, replayed when the network is back. Each
 * change carries a revision (this device's clock in ms, always increasing) so that a queued save
 * arriving after a later one changes nothing on the server.
 */
export function useAnswerSaver(examId: number, label: string) {
  const auth = useAppSelector((s) => s.auth);
  const token = auth.token ?? '';
  const userId = auth.user?.id ?? 0;
  const [state, setState] = useState<SaveState>('saved');
  const waiting = useRef(new Map<number, { answer: string; revision: number; timer: ReturnType<typeof setTimeout> }>());
  const inFlight = useRef(0);
  const queued = useRef(0);
  const lastRevision = useRef(0);

  const settle = useCallback(() => {
    const pending = waiting.current.size + inFlight.current;
    setState(pending > 0 ? 'saving' : queued.current > 0 ? 'queued' : 'saved');
  }, []);

  const send = useCallback(
    (questionId: number, answer: string, revision: number) => {
      waiting.current.delete(questionId);
      inFlight.current += 1;
      const fields = {
        exam_module_id: String(examId),
        question_id: String(questionId),
        answer,
        revision: String(revision),
      };
      const id = `exam-${examId}-${userId}-q${questionId}-r${revision}`;
      const done = (wentLater: boolean) => {
        inFlight.current -= 1;
        if (wentLater) queued.current += 1;
        settle();
      };
      void loadOutbox()
        .then(({ postResult }) => postResult('set_exam_module_answer', fields, { id, token, userId, label }))
        .then(
          (out) => done(out.status === 'queued'),
          // No IndexedDB (private mode): straight to the server; the submission sends the set anyway.
          () =>
            api('set_exam_module_answer', fields, { idempotencyKey: id, expect: [...OVER, 'network'] }).then(
              () => done(false),
              () => done(true),
            ),
        );
    },
    [examId, label, settle, token, userId],
  );

  /** An answer given now ('' clears it): saved once it has rested. */
  const saveAnswer = useCallback(
    (questionId: number, answer: string) => {
      const revision = Math.max(Date.now(), lastRevision.current + 1);
      lastRevision.current = revision;
      const before = waiting.current.get(questionId);
      if (before) clearTimeout(before.timer);
      const timer = setTimeout(() => send(questionId, answer, revision), SETTLE_MS);
      waiting.current.set(questionId, { answer, revision, timer });
      settle();
    },
    [send, settle],
  );

  // Leaving the page (or the tab going away) sends what is still resting.
  useEffect(() => {
    const flush = () => {
      for (const [qid, w] of [...waiting.current]) {
        clearTimeout(w.timer);
        send(qid, w.answer, w.revision);
      }
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [send]);

  // Queued saves the outbox applied later (back online): counted as saved.
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    let ch: BroadcastChannel | null = null;
    let closed = false;
    void loadOutbox().then(({ OUTBOX_CHANNEL }) => {
      if (closed) return;
      ch = new BroadcastChannel(OUTBOX_CHANNEL);
      ch.onmessage = (e: MessageEvent<{ applied?: { action: string }[]; failed?: { action: string }[] }>) => {
        const mine = [...(e.data?.applied ?? []), ...(e.data?.failed ?? [])].filter(
          (a) => a.action === 'set_exam_module_answer',
        ).length;
        if (mine === 0) return;
        queued.current = Math.max(0, queued.current - mine);
        settle();
      };
    });
    return () => {
      closed = true;
      ch?.close();
    };
  }, [settle]);

  return { saveAnswer, saveState: state };
}
