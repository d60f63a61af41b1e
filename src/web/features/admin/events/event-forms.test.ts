import { describe, expect, it } from 'vitest';
import type { AdminContestDetail, AdminExamDetail } from '../../../../core/contract';
import { contestSaveSchema, examSaveSchema } from '../../../../core/contract/admin-event-schemas';
import { blankContest, changedInput, contestInput, contestValues } from './contest-form';
import { blankExam, changedExamInput, examInput, examValues, totalMarks } from './exam-form';

const q = (id: number, marks = 1) => ({
  id,
  type: 'mcq',
  question: `Q${id}`,
  options: [],
  answer: 'a',
  marks,
  status: 1,
});

const contest: AdminContestDetail = {
  ...{ id: 7, language_id: 1, name: 'Cup', description: 'Weekly', image: '', timezone: 'Asia/Kolkata' },
  ...{ starts_at: '2030-01-15T03:30:00.000Z', ends_at: '2030-01-15T12:30:00.000Z' },
  ...{ start_local: '2030-01-15 09:00', end_local: '2030-01-15 18:00', status: 'upcoming', closed: false },
  ...{ entry_fee: 5, prizes: [{ rank: 1, coins: 100 }], points_per_correct: 4, speed_bonus: true },
  ...{ seconds_per_question: 20, participants: 0, total_questions: 2, created_at: '2029-12-01T00:00:00.000Z' },
  ...{ questions: [q(11), q(12)], fees_collected: 0, prizes_paid: 0 },
};

describe('the contest form', () => {
  it("reads as admin_save_contest's schema reads it: wall clock in a zone, prizes ranked by their row", () => {
    const v = { ...blankContest('Asia/Kolkata', 1), name: 'Cup', start_date: '2030-01-15T09:00' };
    v.end_date = '2030-01-15T18:00';
    v.questions = [{ id: 11, type: 'mcq', question: 'Q', marks: '1' }];
    v.prizes = [{ coins: '100' }, { coins: '40' }];
    const parsed = contestSaveSchema.parse(contestInput(v));
    expect(parsed.starts_at?.toISOString()).toBe('2030-01-15T03:30:00.000Z');
    expect(parsed.prizes).toEqual([
      { rank: 1, coins: 100 },
      { rank: 2, coins: 40 },
    ]);
    expect(parsed.questions).toEqual([11]);
  });

  it('puts an end before the start on the end field, before anything is sent', () => {
    const v = { ...contestValues(contest), end_date: '2030-01-15T08:00' };
    const r = contestSaveSchema.safeParse(contestInput(v));
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual(['end_date']);
  });

  it('sends only what an edit changed; a time goes with its zone, and a new zone moves both times', () => {
    const saved = contestInput(contestValues(contest));
    expect(changedInput(contestInput({ ...contestValues(contest), name: 'Big cup' }), saved)).toEqual({
      contest_id: 7,
      name: 'Big cup',
    });
    expect(changedInput(contestInput({ ...contestValues(contest), end_date: '2030-01-15T20:00' }), saved)).toEqual({
      contest_id: 7,
      end_date: '2030-01-15T20:00',
      timezone: 'Asia/Kolkata',
    });
    expect(changedInput(contestInput({ ...contestValues(contest), timezone: 'UTC' }), saved)).toEqual({
      contest_id: 7,
      timezone: 'UTC',
      start_date: '2030-01-15T09:00',
      end_date: '2030-01-15T18:00',
    });
    const fresh = contestInput(blankContest('UTC', 1));
    expect(changedInput(fresh, null)).toBe(fresh);
  });
});

const exam: AdminExamDetail = {
  ...{ id: 3, language_id: 1, title: 'Science', description: 'No phones.', starts_on: '2030-01-15' },
  ...{ ends_on: '2030-01-20', status: 'upcoming', duration: 30, total_questions: 2, total_marks: 3, attempts: 0 },
  ...{ created_at: '2029-12-01T00:00:00Z', exam_key: '2468', questions: [q(21, 1), q(22, 2)] },
};

describe('the exam form', () => {
  it("reads as admin_save_exam's schema reads it, questions with their marks", () => {
    const parsed = examSaveSchema.parse(examInput(examValues(exam, 'UTC')));
    expect(parsed.questions).toEqual([
      { question_id: 21, marks: 1 },
      { question_id: 22, marks: 2 },
    ]);
    expect(blankExam('UTC', 1).start_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('counts the total marks as typed and sends only what changed, with the zone', () => {
    const v = examValues(exam, 'Asia/Kolkata');
    expect(totalMarks(v.questions)).toBe(3);
    expect(totalMarks([...v.questions, { id: 9, type: 'mcq', question: '', marks: 'x' }])).toBe(3);
    const saved = examInput(v);
    const next = examInput({ ...v, exam_key: '97531', questions: [{ ...v.questions[0]!, marks: '5' }] });
    expect(changedExamInput(next, saved)).toEqual({
      exam_id: 3,
      timezone: 'Asia/Kolkata',
      exam_key: '97531',
      questions: [{ question_id: 21, marks: '5' }],
    });
  });
});
