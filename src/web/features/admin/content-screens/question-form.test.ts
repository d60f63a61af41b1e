import { describe, expect, it } from 'vitest';
import { emptyDraft } from './question-draft';
import { newQuestionValues, placementProblems, questionFields, typesOf } from './question-form';

const noMedia = { path: '', file: null };
const values = { ...newQuestionValues(new URLSearchParams('language=1&category=4&subcategory=9')), question: 'Q?' };

describe('what the question editor sends', () => {
  it('offers guess the word its word questions only, and words nowhere else', () => {
    expect(typesOf(3)).toEqual(['word']);
    expect(typesOf(1)).not.toContain('word');
    expect(typesOf(null)).toHaveLength(6);
  });

  it('places a question by its subcategory (0 for none), a fun-and-learn one by its text alone', () => {
    const draft = { ...emptyDraft('mcq'), options: ['A', 'B'], right: [1] };
    const quiz = questionFields(values, 1, draft, { image: noMedia, audio: noMedia });
    expect(quiz).toMatchObject({
      category_id: '4',
      subcategory_id: '9',
      comprehension_id: '0',
      answer: 'b',
      image: '',
    });
    expect(
      questionFields({ ...values, subcategory_id: '' }, 1, draft, { image: noMedia, audio: noMedia }).subcategory_id,
    ).toBe('0');
    const text = questionFields({ ...values, comprehension_id: '7' }, 2, draft, { image: noMedia, audio: noMedia });
    expect(text.subcategory_id).toBeUndefined();
    expect(text.comprehension_id).toBe('7');
  });

  it('sends a chosen file instead of the stored path', () => {
    const file = new File([new Uint8Array([1])], 'x.png');
    const out = questionFields(values, 1, emptyDraft('mcq'), {
      image: { path: '/media/old.webp', file },
      audio: { path: '/media/a.mp3', file: null },
    });
    expect(out.image).toBeUndefined();
    expect(out.audio).toBe('/media/a.mp3');
  });

  it('names what a mode needs before anything is sent', () => {
    expect(placementProblems({ ...values, category_id: '' }, null, noMedia)).toEqual({ category_id: 'chooseCategory' });
    expect(placementProblems(values, 2, noMedia)).toEqual({ comprehension_id: 'chooseText' });
    expect(placementProblems({ ...values, subcategory_id: '' }, 3, noMedia)).toEqual({
      subcategory_id: 'chooseSubcategory',
    });
    expect(placementProblems({ ...values, subcategory_id: '' }, 1, noMedia)).toEqual({});
    expect(placementProblems(values, 4, noMedia)).toEqual({ audio: 'audioRequired' });
    expect(placementProblems(values, 4, { path: '/media/a.mp3', file: null })).toEqual({});
  });
});
