import { useState, type FormEvent } from 'react';
import { ContentLanguagePicker } from '../../app/ContentLanguagePicker';
import { useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { selectLanguageId } from '../../app/selectors';
import { api, isApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/i18n';
import { useTranslation } from '../../lib/use-translation';
import { Field } from '../../ui/Field';
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

const MAX_FEE = 1000;

/** Group battle: create a room (category, entry fee, questions, seats) or join one by its code. */
export default function GroupBattlePage() {
  const { t } = useTranslation();
  const languageId = useAppSelector(selectLanguageId);
  const rules = useBattleRules();
  const online = useOnline();
  const enter = useEnterRoom();
  const [categories, retry] = useBattleCategories();
  const [picked, setPicked] = useState('');
  const [count, setCount] = useState(10);
  const [seats, setSeats] = useState(rules.group_battle_max_players);
  const [fee, setFee] = useState('10');
  const [feeError, setFeeError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const list = categories.status === 'ready' ? categories.data : [];
  const category = list.some((c) => c.slug === picked) ? picked : (list[0]?.slug ?? '');
  const seatChoices: number[] = [];
  for (let n = rules.group_battle_min_players; n <= rules.group_battle_max_players; n++) seatChoices.push(n);

  async function create(e: FormEvent) {
    e.preventDefault();
    const n = Number(fee);
    if (fee.trim() === '' || !Number.isInteger(n) || n < 0 || n > MAX_FEE) {
      setFeeError(t('errors.invalid_input'));
      return;
    }
    setFeeError(undefined);
    setBusy(true);
    try {
      enter(
        await api(
          'create_room',
          {
            language_id: languageId,
            room_type: 'group',
            category,
            no_of_que: count,
            entry_fee: n,
            max_players: seats,
          },
          { expect: ['not_enough_coins'] },
        ),
      );
    } catch (err) {
      if (isApiError(err, 'not_enough_coins')) setFeeError(errorMessage(err.code));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <PageTitle title={t('modes.groupBattle')} back={paths.home} backLabel={t('common.back')} howTo="group_battle" />
      <BackToBattle />
      <ContentLanguagePicker />
      {!online && <OfflineNotice />}
      {categories.status !== 'ready' ? (
        <LoadState state={categories} retry={retry} />
      ) : list.length === 0 ? (
        <Empty text={t('quiz.noCategories')} />
      ) : (
        <>
          <form className="card form battle-option" onSubmit={(e) => void create(e)} noValidate>
            <OptionHead badge="group" art="4" title={t('battle.createRoom')} text={t('battle.groupIntro')} />
            <CategorySelect categories={list} value={category} onChange={setPicked} />
            <Field
              label={t('battle.entryFee')}
              testId="group-fee"
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_FEE}
              value={fee}
              error={feeError}
              onChange={(e) => setFee(e.target.value)}
            />
            <div className="field choice">
              <span className="field-label" id="group-count">
                {t('battle.questions')}
              </span>
              <Segmented
                labelledBy="group-count"
                value={count}
                onChange={setCount}
                options={QUESTION_COUNTS.map((n) => ({ value: n, label: String(n), testId: `group-questions-${n}` }))}
              />
            </div>
            <div className="field choice">
              <span className="field-label" id="group-seats">
                {t('battle.players')}
              </span>
              <Segmented
                labelledBy="group-seats"
                value={seats}
                onChange={setSeats}
                options={seatChoices.map((n) => ({ value: n, label: String(n), testId: `group-seats-${n}` }))}
              />
            </div>
            <button
              type="submit"
              className="btn btn-primary btn-block"
              disabled={busy || !online}
              data-testid="create-group-room"
            >
              {busy ? t('common.wait') : t('battle.createRoom')}
            </button>
          </form>
          <section className="card battle-option" aria-labelledby="group-join">
            <h2 id="group-join">{t('battle.joinTitle')}</h2>
            <JoinByCode disabled={!online} />
          </section>
        </>
      )}
    </>
  );
}
