import { useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { api } from '../../lib/api-client';
import { useTranslation } from '../../lib/use-translation';
import { SoloPlay } from '../../play/SoloPlay';

const EXPECT = ['not_found'];

/** Plays the bookmarked questions (all, or one mode's with `?type=`); no coins. */
export default function PlayBookmarksPage() {
  const { t } = useTranslation();
  const languageId = useAppSelector((s) => s.languages.currentLanguage.id);
  const param = useSearchParams()[0].get('type') ?? '';
  const type = /^[1-6]$/.test(param) ? Number(param) : undefined;
  return (
    <SoloPlay
      open={() => api('get_bookmark_questions', { type }, { expect: EXPECT })}
      playKey={`bookmarks|${languageId}|${type ?? 0}`}
      back={{ to: paths.profileBookmarks, label: t('modes.bm.back') }}
      expect={EXPECT}
    />
  );
}
