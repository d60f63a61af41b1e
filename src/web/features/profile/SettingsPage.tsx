import { ContentLanguagePicker } from '../../app/ContentLanguagePicker';
import { InterfaceLanguage } from '../../app/InterfaceLanguage';
import { paths } from '../../app/paths';
import { useTranslation } from '../../lib/use-translation';
import { PageTitle } from '../../ui/PageTitle';
import { FeedbackSetting } from './FeedbackSetting';
import { PushSetting } from './PushSetting';
import { ThemeSetting } from './ThemeSetting';
import './settings.css';

/** The player's settings: interface language, question language, theme, sound and vibration, and push on this device. */
export default function SettingsPage() {
  const { t } = useTranslation();
  return (
    <div className="profile">
      <PageTitle title={t('settings.title')} back={paths.profile} backLabel={t('common.back')} />
      <InterfaceLanguage />
      <ContentLanguagePicker card />
      <ThemeSetting />
      <FeedbackSetting />
      <PushSetting />
    </div>
  );
}
