import { useEffect, useId, useMemo } from 'react';
import { useAdminT } from '../i18n';

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const TYPES = 'image/png,image/jpeg,image/webp,image/gif';

/** The picture of a contest: the saved one or a chosen file, previewed; it can be replaced or taken away. */
export function ImageField({
  label,
  saved,
  file,
  removed,
  onFile,
  onRemove,
  error,
}: {
  label: string;
  /** The saved picture's URL ('' for none). */
  saved: string;
  file: File | null;
  removed: boolean;
  onFile: (f: File | null) => void;
  onRemove: () => void;
  error?: string;
}) {
  const { t } = useAdminT();
  const id = useId();
  const chosen = useMemo(() => (file ? URL.createObjectURL(file) : ''), [file]);
  useEffect(() => () => (chosen ? URL.revokeObjectURL(chosen) : undefined), [chosen]);
  const shown = chosen || (removed ? '' : saved);
  const note = error ?? t('events.imageHint');

  return (
    <div className={error ? 'field admin-field has-error' : 'field admin-field'}>
      <span className="events-label" id={`${id}-label`}>
        {label}
      </span>
      <div className="events-image">
        <div className="events-image-preview" data-testid="contest-image-preview">
          {shown ? (
            <img src={shown} alt={t('events.imagePreview')} />
          ) : (
            <span className="muted">{t('events.noImage')}</span>
          )}
        </div>
        <div className="events-image-actions">
          <label className="btn btn-outline btn-small events-file">
            <input
              id={id}
              type="file"
              accept={TYPES}
              aria-labelledby={`${id}-label`}
              aria-describedby={`${id}-note`}
              onChange={(e) => {
                onFile(e.target.files?.[0] ?? null);
                e.target.value = '';
              }}
              data-testid="field-image"
            />
            {shown ? t('events.imageReplace') : t('events.imageChoose')}
          </label>
          {shown && (
            <button
              type="button"
              className="btn btn-danger-ghost btn-small"
              onClick={() => (file ? onFile(null) : onRemove())}
              data-testid="contest-image-remove"
            >
              {t('events.imageRemove')}
            </button>
          )}
        </div>
      </div>
      <small id={`${id}-note`} className={error ? 'field-error' : 'field-hint'} role={error ? 'alert' : undefined}>
        {note}
      </small>
    </div>
  );
}
