import { useEffect, useState } from 'react';
import type { QuestionType } from '../../../../core/contract';
// The players' own TeX renderer (and its lazily loaded KaTeX chunk with its CSS): the preview
// shows a formula exactly as the play screen will.
import { Rich } from '../../../ui/question/Rich';
import { loadTex } from '../../../ui/question/tex';
import { useAdminT } from '../i18n';
import type { AnswerDraft } from './question-draft';

/** True once KaTeX is loaded for a LaTeX question (fetched the first time one is previewed). */
function useTex(latex: boolean): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!latex || ready) return;
    let live = true;
    loadTex().then(
      () => live && setReady(true),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [latex, ready]);
  return latex && ready;
}

/**
 * The question as a player will see it, updated at each key: its text and options (formulas
 * rendered by KaTeX when it is a LaTeX question), image, audio, and the right answer marked.
 */
export function LivePreview({
  type,
  question,
  draft,
  latex,
  image,
  audio,
  explanation,
}: {
  type: QuestionType;
  question: string;
  draft: AnswerDraft;
  latex: boolean;
  image: string;
  audio: string;
  explanation: string;
}) {
  const { t } = useAdminT();
  const tex = useTex(latex);
  const rich = (text: string) => <Rich text={text} latex={tex} />;
  const options = draft.options.map((text, k) => ({ text, k })).filter((o) => o.text.trim() !== '');

  return (
    <section className="card cs-preview" aria-label={t('contentScreens.editor.preview')} data-testid="question-preview">
      <h3 className="cs-preview-title">{t('contentScreens.editor.preview')}</h3>
      {image && <img src={image} alt="" className="cs-preview-image" data-testid="preview-image" />}
      {audio && <audio src={audio} controls preload="none" className="cs-media-audio" />}
      <p className="cs-preview-question" dir="auto" data-testid="preview-question">
        {question.trim() ? rich(question) : <span className="muted">{t('contentScreens.editor.previewEmpty')}</span>}
      </p>
      {type === 'word' ? (
        <p className="cs-preview-word" dir="auto">
          {draft.word.trim().toUpperCase() || '—'}
        </p>
      ) : (
        <ol className={type === 'sequence' ? 'cs-preview-options ordered' : 'cs-preview-options'}>
          {options.map(({ text, k }) => (
            <li key={k} className={draft.right.includes(k) ? 'right' : undefined} data-testid="preview-option">
              <span dir="auto">{rich(text)}</span>
              {type === 'match' && (
                <>
                  <span className="cs-pair-mark" aria-hidden="true">
                    ↔
                  </span>
                  <span dir="auto">{rich(draft.matches[k] ?? '')}</span>
                </>
              )}
              {draft.right.includes(k) && (
                <span className="visually-hidden">{t('contentScreens.editor.rightAnswer')}</span>
              )}
            </li>
          ))}
        </ol>
      )}
      {type === 'sequence' && <p className="field-hint">{t('contentScreens.editor.sequenceShuffled')}</p>}
      {explanation.trim() && (
        <p className="cs-preview-explanation" dir="auto">
          {rich(explanation)}
        </p>
      )}
    </section>
  );
}
