import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ContestPlay, ContestSummary } from '../../../core/contract';
import { coinsChanged } from '../../app/events';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { selectLanguageId, selectUser } from '../../app/selectors';
import { api, isApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/i18n';
import { useTranslation } from '../../lib/use-translation';
import { CoinIcon } from '../../ui/icons';
import { handOverContest } from './contest-cache';
import { useModalOnMount } from '../../ui/use-modal';

/** Refusals of an entry the screen says itself (in the dialog, or under the button). */
export const ENTER_EXPECT = ['not_enough_coins', 'already_played', 'contest_not_live', 'not_found'];

/**
 * Play (or Resume) a live contest: the entry fee confirmed first when there is one ("Entry fee:
 * N coins", the balance), then get_questions_by_contest pays it once and serves the first
 * question; the play screen opens with it. Refusals are said where the player is looking.
 */
export function PlayAction({
  contest,
  onEntered,
  block = false,
}: {
  contest: ContestSummary;
  /** The play screen itself enters in place; the list opens the play screen. */
  onEntered?: (play: ContestPlay, receivedAt: number) => void;
  block?: boolean;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const languageId = useAppSelector(selectLanguageId);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const resume = contest.my_play === 'playing';

  async function enter(): Promise<string | null> {
    setBusy(true);
    setError('');
    try {
      const play = await api(
        'get_questions_by_contest',
        { contest_id: contest.id, language_id: languageId },
        { expect: ENTER_EXPECT },
      );
      const at = Date.now();
      dispatch(coinsChanged(play.coins));
      if (onEntered) onEntered(play, at);
      else {
        handOverContest(play, at);
        void navigate(paths.contestPlayOf(contest.id));
      }
      return null;
    } catch (e) {
      setBusy(false);
      return errorMessage(isApiError(e) ? e.code : 'unknown');
    }
  }

  return (
    <>
      <button
        type="button"
        className={block ? 'btn btn-primary btn-block' : 'btn btn-primary'}
        disabled={busy}
        onClick={() => {
          if (contest.entry_fee > 0 && !resume) setConfirming(true);
          else void enter().then((m) => m && setError(m));
        }}
        data-testid="contest-play-button"
      >
        {resume ? t('contest.resume') : t('contest.play')}
      </button>
      {error && (
        <p className="field-error contest-entry-error" role="alert" data-testid="contest-entry-error">
          {error}
        </p>
      )}
      {confirming && <FeeDialog contest={contest} onClose={() => setConfirming(false)} onConfirm={enter} />}
    </>
  );
}

function FeeDialog({
  contest,
  onClose,
  onConfirm,
}: {
  contest: ContestSummary;
  onClose: () => void;
  onConfirm: () => Promise<string | null>;
}) {
  const { t } = useTranslation();
  const user = useAppSelector(selectUser);
  const dialog = useModalOnMount();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  // Known short of coins: said before the tap (the server refuses it anyway).
  const short = user != null && user.coins < contest.entry_fee;
  return (
    <dialog
      ref={dialog}
      className="dialog contest-fee-dialog"
      aria-labelledby="contest-fee-title"
      aria-describedby="contest-fee-line"
      onClose={onClose}
      data-testid="contest-fee-dialog"
    >
      <h2 id="contest-fee-title">{t('contest.joinTitle', { name: `\u2068${contest.name}\u2069` })}</h2>
      <p id="contest-fee-line" className="contest-fee-line" data-testid="contest-fee-line">
        <CoinIcon size={20} /> {t('contest.feeLine', { count: contest.entry_fee })}
      </p>
      {user && <p className="muted">{t('contest.balance', { count: user.coins })}</p>}
      <p className="muted">{t('contest.noReveal')}</p>
      {(error || short) && (
        <p className="field-error" role="alert" data-testid="contest-fee-error">
          {error || errorMessage('not_enough_coins')}
        </p>
      )}
      <div className="row">
        <button type="button" className="btn btn-ghost" onClick={() => dialog.current?.close?.()}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy || short}
          onClick={() => {
            setBusy(true);
            void onConfirm().then((m) => {
              if (m === null) return dialog.current?.close?.();
              setError(m);
              setBusy(false);
            });
          }}
          data-testid="contest-join-confirm"
        >
          {t('contest.join')}
        </button>
      </div>
    </dialog>
  );
}
