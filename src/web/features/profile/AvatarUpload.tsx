import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import type { UserRecord } from '../../../core/contract';
import { profileChanged } from '../../app/events';
import { useAppDispatch } from '../../app/hooks';
import { api } from '../../lib/api-client';
import { errorMessage } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { Avatar } from '../../ui/Avatar';

// The server's limit (PROFILE_IMAGE_MAX_BYTES in the contract), repeated so this chunk stays free of zod.
const MAX_BYTES = 5 * 1024 * 1024;

/** The profile picture with a button to replace it (upload_profile_image). */
export function AvatarUpload({ user }: { user: UserRecord }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  async function upload(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    // Checked here too so a large photo fails at once instead of after the upload.
    if (file.size > MAX_BYTES) {
      toast.error(errorMessage('image_too_large'));
      return;
    }
    setBusy(true);
    try {
      dispatch(profileChanged(await api('upload_profile_image', {}, { files: { image: file } })));
      toast.success(t('profile.imageUpdated'));
    } catch {
      // Shown by the api client (image_invalid, image_too_large, demo_mode).
    }
    setBusy(false);
  }

  return (
    <div className="avatar-upload">
      <Avatar name={user.name} src={user.profile} size={96} />
      <button
        type="button"
        className="btn btn-small btn-outline"
        disabled={busy}
        onClick={() => input.current?.click()}
        data-testid="change-photo"
      >
        {busy ? t('common.wait') : t('profile.changePhoto')}
      </button>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        hidden
        onChange={(e) => void upload(e)}
        data-testid="image"
      />
    </div>
  );
}
