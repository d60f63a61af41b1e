import { useEffect, useId, useMemo, useRef } from 'react';
import { CONTENT_AUDIO_MAX_BYTES, CONTENT_IMAGE_MAX_BYTES } from '../../../../core/contract/admin-content';
import { useAdminT } from '../i18n';

export interface MediaValue {
  /** The stored path (/media/...), '' for none. */
  path: string;
  /** A file chosen to upload instead (sent as `image_file` / `audio_file`). */
  file: File | null;
}

export const noMedia: MediaValue = { path: '', file: null };

const KINDS = {
  image: { accept: 'image/png,image/jpeg,image/webp,image/gif', max: CONTENT_IMAGE_MAX_BYTES },
  audio: {
    accept: 'audio/mpeg,audio/ogg,audio/mp4,audio/x-m4a,audio/wav,.mp3,.ogg,.m4a,.wav',
    max: CONTENT_AUDIO_MAX_BYTES,
  },
} as const;

/** The size cap of an upload of `kind` in MB, for messages. */
export const capMb = (kind: 'image' | 'audio') => Math.round(KINDS[kind].max / (1024 * 1024));

/** Over the upload cap: refused here before a byte is sent. */
export function tooLarge(kind: 'image' | 'audio', v: MediaValue): boolean {
  return v.file !== null && v.file.size > KINDS[kind].max;
}

/** What shows a media value: an object URL of the chosen file (revoked when it goes), else the stored path. */
export function useMediaUrl(value: MediaValue): string {
  const url = useMemo(() => (value.file ? URL.createObjectURL(value.file) : value.path), [value]);
  useEffect(() => () => void (value.file && URL.revokeObjectURL(url)), [url, value.file]);
  return url;
}

/**
 * An image or audio of a category or question: a preview of the file chosen (or of the stored
 * one) — an <img>, or an <audio> player — with a way to choose another or remove it. The server
 * re-encodes images and checks audio by its bytes; its refusal shows here as `error`.
 */
export function MediaField({
  kind,
  label,
  value,
  onChange,
  error,
  hint,
  testId,
}: {
  kind: 'image' | 'audio';
  label: string;
  value: MediaValue;
  onChange: (v: MediaValue) => void;
  error?: string;
  hint?: string;
  testId: string;
}) {
  const { t } = useAdminT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const url = useMediaUrl(value);
  const note = error ?? hint;
  const has = url !== '';

  return (
    <div className={error ? 'field admin-field has-error cs-media' : 'field admin-field cs-media'} data-testid={testId}>
      <label htmlFor={id}>{label}</label>
      <div className="cs-media-row">
        {has && kind === 'image' && (
          <img
            src={url}
            alt={t('contentScreens.media.preview')}
            className="cs-media-image"
            data-testid={`${testId}-preview`}
          />
        )}
        {has && kind === 'audio' && (
          <audio src={url} controls preload="metadata" className="cs-media-audio" data-testid={`${testId}-preview`} />
        )}
        {!has && <span className="cs-media-empty muted">{t('contentScreens.media.none')}</span>}
        <div className="cs-media-actions">
          <input
            ref={input}
            id={id}
            type="file"
            accept={KINDS[kind].accept}
            className="visually-hidden cs-file-input"
            aria-invalid={Boolean(error)}
            aria-describedby={note ? `${id}-note` : undefined}
            onChange={(e) => {
              const file = e.target.files?.[0] ?? null;
              if (file) onChange({ path: value.path, file });
              e.target.value = '';
            }}
            data-testid={`${testId}-input`}
          />
          <button type="button" className="btn btn-outline btn-small" onClick={() => input.current?.click()}>
            {has ? t('contentScreens.media.replace') : t('contentScreens.media.choose')}
          </button>
          {has && (
            <button
              type="button"
              className="btn btn-ghost btn-small"
              onClick={() => onChange(noMedia)}
              data-testid={`${testId}-remove`}
            >
              {t('contentScreens.media.remove')}
            </button>
          )}
        </div>
      </div>
      {value.file && (
        <small className="muted cs-media-name" dir="auto">
          {value.file.name}
        </small>
      )}
      {note && (
        <small id={`${id}-note`} className={error ? 'field-error' : 'field-hint'} role={error ? 'alert' : undefined}>
          {note}
        </small>
      )}
    </div>
  );
}
