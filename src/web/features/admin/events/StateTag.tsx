import type { AdminContest, AdminExam } from '../../../../core/contract';
import { useAdminT } from '../i18n';
import { Tag, type Tone } from '../ui/Tag';

const CONTEST_TONE: Record<AdminContest['status'], Tone> = { upcoming: 'info', live: 'good', past: 'plain' };
const EXAM_TONE: Record<AdminExam['status'], Tone> = { upcoming: 'info', open: 'good', past: 'plain' };

/** Where a contest is: upcoming, live, or over (its prizes paid or still to be). */
export function ContestStateTag({ contest }: { contest: Pick<AdminContest, 'status' | 'closed'> }) {
  const { t } = useAdminT();
  return (
    <span className="admin-cell-tags">
      <Tag tone={CONTEST_TONE[contest.status]} testId="contest-state">
        {t(`events.state.${contest.status}`)}
      </Tag>
      {contest.status === 'past' && (
        <Tag tone={contest.closed ? 'good' : 'warn'}>{t(contest.closed ? 'events.prizesPaid' : 'events.closing')}</Tag>
      )}
    </span>
  );
}

/** Where an exam is against today: upcoming, open, or past. */
export function ExamStateTag({ exam }: { exam: Pick<AdminExam, 'status'> }) {
  const { t } = useAdminT();
  return (
    <Tag tone={EXAM_TONE[exam.status]} testId="exam-state">
      {t(`events.state.${exam.status}`)}
    </Tag>
  );
}
