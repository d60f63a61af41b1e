import { useTranslation } from '../../lib/use-translation';

/**
 * Under a question that needs a "Check": the button (per-question clock), or with a whole-quiz
 * clock "Save answer" while nothing is saved, and "Answer saved" once it is.
 */
export function CheckBar({
  ready,
  revealed,
  totalClock,
  saved,
  locked,
  onCheck,
}: {
  ready: boolean;
  revealed: boolean;
  totalClock: boolean;
  saved: boolean;
  locked: boolean;
  onCheck: () => void;
}) {
  const { t } = useTranslation();
  if (revealed) return null;
  if (totalClock && saved)
    return (
      <p className="saved-note" role="status">
        ✓ {t('play.saved')}
      </p>
    );
  return (
    <button
      type="button"
      className="btn btn-primary btn-block check-btn"
      disabled={!ready || locked}
      onClick={onCheck}
      data-testid="check-answer"
    >
      {totalClock ? t('play.save') : t('play.check')}
    </button>
  );
}
