import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { RoomState } from '../../../core/contract';
import { ContentLanguagePicker } from '../../app/ContentLanguagePicker';
import { useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { selectLanguageId } from '../../app/selectors';
import { api } from '../../lib/api-client';
import { useTranslation } from '../../lib/use-translation';
import { Empty, LoadState } from '../../ui/LoadState';
import { BackToBattle } from '../../app/BackToBattle';
import { PageTitle } from '../../ui/PageTitle';
import { Segmented } from '../../ui/Segmented';
import {
  CategorySelect,
  JoinByCode,
  OfflineNotice,
  useBattleCategories,
  useBattleRules,
  useEnterRoom,
  useOnline,
  OptionHead,
  QUESTION_COUNTS,
} from './battle-common';
import { BotIcon, FriendsIcon } from './battle-parts';

type Busy = null | 'random' | 'bot' | 'friend';

/**
 * The 1 v/s 1 lobby: a category, then a random opponent (entry fee at stake), the bot (free),
 * or a private room for a friend (create, or join by code).
 */
export default function RandomBattlePage() {
  const { t } = useTranslation();
  const languageId = useAppSelector(selectLanguageId);
  const rules = useBattleRules();
  const online = useOnline();
  const enter = useEnterRoom();
  const wanted = (useLocation().state as { category?: string } | null)?.category ?? '';
  const [categories, retry] = useBattleCategories();
  const [picked, setPicked] = useState('');
  const [count, setCount] = useState(10);
  const [busy, setBusy] = useState<Busy>(null);

  const list = categories.status === 'ready' ? categories.data : [];
  const category = [picked, wanted].find((c) => c && list.some((x) => x.slug === c)) ?? list[0]?.slug ?? '';

  async function go(kind: Exclude<Busy, null>, call: () => Promise<RoomState>) {
    setBusy(kind);
    try {
      enter(await call());
    } catch {
      // Toasted by the api client.
    } finally {
      setBusy(null);
    }
  }

  const disabled = busy !== null || !online || !category;
  return (
    <>
      <PageTitle
        title={t('modes.randomBattle')}
        back={paths.home}
        backLabel={t('common.back')}
        howTo="one_vs_one_battle"
      />
      <BackToBattle />
      <ContentLanguagePicker />
      {!online && <OfflineNotice />}
      {categories.status !== 'ready' ? (
        <LoadState state={categories} retry={retry} />
      ) : list.length === 0 ? (
        <Empty text={t('quiz.noCategories')} />
      ) : (
        <>
          <section className="card battle-lobby">
            <CategorySelect categories={list} value={category} onChange={setPicked} />
          </section>
          <div className="battle-options">
            <section className="card battle-option" aria-labelledby="random-title">
              <OptionHead
                badge="vs"
                art="VS"
                titleId="random-title"
                title={t('battle.randomTitle')}
                text={t('battle.randomIntro', { count: rules.random_battle_entry_fee })}
              />
              <button
                type="button"
                className="btn btn-primary btn-block"
                disabled={disabled}
                data-testid="find-opponent"
                onClick={() =>
                  void go('random', () => api('get_random_questions', { language_id: languageId, category }))
                }
              >
                {busy === 'random' ? t('common.wait') : t('battle.find')}
              </button>
            </section>
            <section className="card battle-option" aria-labelledby="friend-title">
              <OptionHead
                badge="friend"
                art={<FriendsIcon />}
                titleId="friend-title"
                title={t('battle.friendTitle')}
                text={t('battle.friendIntro')}
              />
              <div className="field choice">
                <span className="field-label" id="friend-count">
                  {t('battle.questions')}
                </span>
                <Segmented
                  labelledBy="friend-count"
                  value={count}
                  onChange={setCount}
                  options={QUESTION_COUNTS.map((n) => ({
                    value: n,
                    label: String(n),
                    testId: `friend-questions-${n}`,
                  }))}
                />
              </div>
              <button
                type="button"
                className="btn btn-primary btn-block"
                disabled={disabled}
                data-testid="create-friend-room"
                onClick={() =>
                  void go('friend', () =>
                    api('create_room', { language_id: languageId, room_type: 'friend', category, no_of_que: count }),
                  )
                }
              >
                {busy === 'friend' ? t('common.wait') : t('battle.createRoom')}
              </button>
              <h3 className="battle-subhead">{t('battle.joinTitle')}</h3>
              <JoinByCode disabled={!online} />
            </section>
            <section className="card battle-option" aria-labelledby="bot-title">
              <OptionHead
                badge="bot"
                art={<BotIcon />}
                titleId="bot-title"
                title={t('battle.botTitle')}
                text={t('battle.botIntro')}
              />
              <button
                type="button"
                className="btn btn-outline btn-block"
                disabled={disabled}
                data-testid="play-bot"
                onClick={() => void go('bot', () => api('play_with_bot', { language_id: languageId, category }))}
              >
                {busy === 'bot' ? t('common.wait') : t('battle.playBot')}
              </button>
            </section>
          </div>
        </>
      )}
    </>
  );
}
