import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { AdminQuestionDetail, QuestionType } from '../../../../core/contract';
import { adminContentActions } from '../../../../core/contract/admin-content';
import { useMutate } from '../admin-api';
import { adminPaths } from '../admin-paths';
import { useAdminT, type AdminKey } from '../i18n';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { useZodForm, type FormValues } from '../ui/form-kit';
import { FormError, SelectField, SwitchField, TextArea, TextField } from '../ui/FormFields';
import { submitForm } from './form-submit';
import { LivePreview } from './LivePreview';
import { capMb, MediaField, tooLarge, useMediaUrl, type MediaValue } from './MediaField';
import { AUDIO_MODE } from './mode-names';
import { OptionsEditor } from './OptionsEditor';
import { PlacementFields } from './PlacementFields';
import { draftForType, draftProblems, type AnswerDraft } from './question-draft';
import { placementProblems, questionFields, typesOf } from './question-form';
import { usePlacement } from './use-placement';

const schema = adminContentActions.admin_save_question.input;

/**
 * The question editor for every type: where it goes, its text, answer part, explanation, media,
 * LaTeX flag, level and marks, with a live preview beside it. Errors show at their field, the
 * editor's own before sending and the server's (its importer's rules) after.
 */
export function QuestionEditor({
  saved,
  initial,
  initialDraft,
  onSaved,
}: {
  saved: AdminQuestionDetail | null;
  initial: FormValues;
  initialDraft: AnswerDraft;
  onSaved: (q: AdminQuestionDetail) => void;
}) {
  const { t } = useAdminT();
  const mutate = useMutate();
  const form = useZodForm(schema, initial);
  const place = usePlacement(form);
  const [draft, setDraft] = useState(initialDraft);
  const [image, setImage] = useState<MediaValue>({ path: saved?.image ?? '', file: null });
  const [audio, setAudio] = useState<MediaValue>({ path: saved?.audio ?? '', file: null });
  const imageUrl = useMediaUrl(image);
  const audioUrl = useMediaUrl(audio);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const type = form.values.type as QuestionType;
  const types = typesOf(place.mode);
  const [draftType, setDraftType] = useState(type);

  // A category of another mode narrows the types: a type it cannot play becomes its first one.
  if (place.category && !types.includes(type)) form.set('type', types[0]);
  // The answer part follows the type, keeping what fits.
  if (type !== draftType) {
    setDraftType(type);
    setDraft(draftForType(draft, type));
  }

  // A long form: the first error shown is brought into view (after React has drawn it).
  function showFirstError() {
    requestAnimationFrame(() =>
      formRef.current?.querySelector('.field-error')?.scrollIntoView({ block: 'center', behavior: 'smooth' }),
    );
  }

  function dropErrors(names: (n: string) => boolean) {
    form.setErrors(Object.fromEntries(Object.entries(form.errors).filter(([k]) => !names(k))));
  }

  function changeDraft(d: AnswerDraft) {
    setDraft(d);
    dropErrors((k) => k === 'options' || k === 'answer' || k.startsWith('option_') || k.startsWith('match_'));
  }

  function changeMedia(kind: 'image' | 'audio', v: MediaValue) {
    (kind === 'image' ? setImage : setAudio)(v);
    dropErrors((k) => k === kind || k === `${kind}_file`);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const values = questionFields(form.values, place.mode, draft, { image, audio });
    const own: Record<string, string> = {};
    for (const [field, why] of Object.entries({
      ...placementProblems(form.values, place.mode, audio),
      ...draftProblems(type, draft),
    }))
      own[field] = t(`contentScreens.problems.${why}` as AdminKey);
    if (!String(form.values.question ?? '').trim()) own.question = t('contentScreens.problems.questionRequired');
    for (const kind of ['image', 'audio'] as const)
      if (tooLarge(kind, kind === 'image' ? image : audio))
        own[`${kind}_file`] = t('contentScreens.media.tooLarge', { mb: capMb(kind) });
    if (!form.validate({ values, extra: own })) return showFirstError();
    setBusy(true);
    const files = {
      ...(image.file ? { image_file: image.file } : {}),
      ...(audio.file ? { audio_file: audio.file } : {}),
    };
    const out = await submitForm(
      form,
      (expect) => mutate('admin_save_question', values, { expect, files }),
      t('contentScreens.saved'),
    );
    setBusy(false);
    if (!out) return showFirstError();
    // The uploads are stored now: a second save keeps them by path instead of sending them again.
    setImage({ path: out.image, file: null });
    setAudio({ path: out.audio, file: null });
    onSaved(out);
  }

  async function deactivate() {
    const out = await mutate('admin_delete_question', { id: saved!.id });
    form.set('status', '0');
    onSaved(out);
  }

  return (
    <div className="cs-editor">
      <form
        ref={formRef}
        className="card form admin-form cs-editor-form"
        onSubmit={(e) => void submit(e)}
        noValidate
        data-testid="question-form"
      >
        <PlacementFields form={form} place={place} />
        <div className="cs-grid-fields">
          <SelectField
            form={form}
            name="type"
            label={t('contentScreens.editor.type')}
            options={types.map((x) => ({ value: x, label: t(`contentScreens.types.${x}`) }))}
          />
          <TextField form={form} name="level" type="number" label={t('contentScreens.editor.level')} maxLength={4} />
          <TextField
            form={form}
            name="marks"
            type="number"
            label={t('contentScreens.editor.marks')}
            hint={t('contentScreens.editor.marksHint')}
            maxLength={3}
          />
        </div>
        <TextArea form={form} name="question" label={t('contentScreens.editor.question')} rows={3} maxLength={2000} />
        <SwitchField
          form={form}
          name="latex"
          label={t('contentScreens.editor.latex')}
          hint={t('contentScreens.editor.latexHint')}
        />
        <OptionsEditor type={type} draft={draft} onChange={changeDraft} errors={form.errors} />
        <TextArea
          form={form}
          name="explanation"
          label={t('contentScreens.editor.explanation')}
          hint={t('contentScreens.editor.explanationHint')}
          rows={3}
          maxLength={4000}
        />
        <div className="cs-grid-fields cs-media-pair">
          <MediaField
            kind="image"
            label={t('contentScreens.image')}
            value={image}
            onChange={(v) => changeMedia('image', v)}
            error={form.errors.image_file ?? form.errors.image}
            hint={t('contentScreens.editor.imageHint', { mb: capMb('image') })}
            testId="question-image"
          />
          <MediaField
            kind="audio"
            label={t('contentScreens.editor.audio')}
            value={audio}
            onChange={(v) => changeMedia('audio', v)}
            error={form.errors.audio_file ?? form.errors.audio}
            hint={t(
              place.mode === AUDIO_MODE ? 'contentScreens.editor.audioRequired' : 'contentScreens.editor.audioHint',
              { mb: capMb('audio') },
            )}
            testId="question-audio"
          />
        </div>
        {saved && (
          <SwitchField
            form={form}
            name="status"
            label={t('contentScreens.active')}
            hint={t('contentScreens.editor.statusHint')}
          />
        )}
        <FormError form={form} />
        <div className="row admin-form-actions">
          {saved && saved.status === 1 && (
            <button
              type="button"
              className="btn btn-danger-ghost"
              onClick={() => setAsking(true)}
              data-testid="question-deactivate"
            >
              {t('contentScreens.editor.deactivate')}
            </button>
          )}
          <Link to={adminPaths.content + '/questions'} className="btn btn-ghost">
            {t('contentScreens.editor.backToList')}
          </Link>
          <button type="submit" className="btn btn-primary" disabled={busy} data-testid="question-save">
            {t('contentScreens.save')}
          </button>
        </div>
      </form>
      <aside className="cs-editor-side">
        <LivePreview
          type={type}
          question={String(form.values.question ?? '')}
          draft={draft}
          latex={form.values.latex === '1'}
          image={imageUrl}
          audio={audioUrl}
          explanation={String(form.values.explanation ?? '')}
        />
      </aside>
      {asking && (
        <ConfirmDialog
          title={t('contentScreens.editor.deactivateTitle')}
          body={t('contentScreens.editor.deactivateBody')}
          confirmLabel={t('contentScreens.editor.deactivate')}
          danger
          onConfirm={deactivate}
          onClose={() => setAsking(false)}
          testId="question-deactivate-dialog"
        />
      )}
    </div>
  );
}
