import { describe, expect, it } from 'vitest';
import { localDate } from './local-time';
import { examOpenOn, examState, examTotals } from './exam';

describe('exam availability across timezones', () => {
  const exam = { startsOn: '2026-11-24', endsOn: '2026-11-24' };
  // 2026-11-24 05:00 UTC: already the 24th east of UTC−5, still the 23rd west of it.
  const at = new Date('2026-11-24T05:00:00Z');

  it('opens on its local day wherever the player is', () => {
    expect(examOpenOn(localDate(at, { offsetMinutes: 0 }), exam)).toBe(true);
    expect(examOpenOn(localDate(at, { timezone: 'Asia/Kolkata' }), exam)).toBe(true);
    expect(examOpenOn(localDate(at, { offsetMinutes: -4 * 60 }), exam)).toBe(true);
  });

  it('is not open yet at negative offsets where the day has not come', () => {
    expect(localDate(at, { offsetMinutes: -6 * 60 })).toBe('2026-11-23');
    expect(examOpenOn(localDate(at, { offsetMinutes: -6 * 60 }), exam)).toBe(false);
    expect(examOpenOn(localDate(at, { timezone: 'America/Los_Angeles' }), exam)).toBe(false);
  });

  it('across the date line: Kiritimati (UTC+14) is a day ahead of Pago Pago (UTC−11)', () => {
    const t = new Date('2026-11-24T11:30:00Z');
    expect(localDate(t, { timezone: 'Pacific/Kiritimati' })).toBe('2026-11-25');
    expect(localDate(t, { timezone: 'Pacific/Pago_Pago' })).toBe('2026-11-24');
    expect(examOpenOn(localDate(t, { timezone: 'Pacific/Kiritimati' }), exam)).toBe(false);
    expect(examOpenOn(localDate(t, { timezone: 'Pacific/Pago_Pago' }), exam)).toBe(true);
    // The next day opens in Kiritimati while it is still the 24th in Pago Pago.
    const next = { startsOn: '2026-11-25', endsOn: '2026-11-30' };
    expect(examOpenOn(localDate(t, { timezone: 'Pacific/Kiritimati' }), next)).toBe(true);
    expect(examOpenOn(localDate(t, { timezone: 'Pacific/Pago_Pago' }), next)).toBe(false);
  });

  it('includes both ends of a range', () => {
    const r = { startsOn: '2026-11-01', endsOn: '2026-11-30' };
    expect(['2026-10-31', '2026-11-01', '2026-11-15', '2026-11-30', '2026-12-01'].map((d) => examOpenOn(d, r))).toEqual(
      [false, true, true, true, false],
    );
  });
});

describe('exam states', () => {
  it('is ongoing until the deadline and its grace, then finished; completed once submitted', () => {
    expect(examState(null, 0, 0)).toBe('not_started');
    expect(examState({ submitted: false, deadlineMs: 1000 }, 1000, 0)).toBe('ongoing');
    expect(examState({ submitted: false, deadlineMs: 1000 }, 1001, 0)).toBe('finished');
    expect(examState({ submitted: false, deadlineMs: 1000 }, 1500, 500)).toBe('ongoing');
    expect(examState({ submitted: true, deadlineMs: 1000 }, 99_999, 0)).toBe('completed');
  });
});

describe('marks and statistics', () => {
  it('adds the marks of correct answers and groups by marks value, highest first', () => {
    const t = examTotals([
      { marks: 1, answered: true, correct: true },
      { marks: 1, answered: true, correct: false },
      { marks: 2, answered: true, correct: true },
      { marks: 2, answered: false, correct: false },
      { marks: 5, answered: true, correct: true },
    ]);
    expect(t).toEqual({
      totalQuestions: 5,
      correct: 3,
      incorrect: 1,
      unattempted: 1,
      obtainedMarks: 8,
      totalMarks: 11,
      statistics: [
        { mark: 5, questions: 1, correct_answer: 1, incorrect: 0, unattempted: 0 },
        { mark: 2, questions: 2, correct_answer: 1, incorrect: 0, unattempted: 1 },
        { mark: 1, questions: 2, correct_answer: 1, incorrect: 1, unattempted: 0 },
      ],
    });
  });

  it('an empty or unanswered attempt has no marks', () => {
    expect(examTotals([]).obtainedMarks).toBe(0);
    const t = examTotals([{ marks: 3, answered: false, correct: false }]);
    expect([t.obtainedMarks, t.totalMarks, t.unattempted, t.incorrect]).toEqual([0, 3, 1, 0]);
  });
});
