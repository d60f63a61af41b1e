import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Category, RoomState } from '../../../core/contract';
import { DEFAULT_BATTLE_RULES, type BattleRules } from '../../../core/rules/battle';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { selectLanguageId } from '../../app/selectors';
import { refreshUser } from '../../app/session';
import { useApiQuery } from '../../app/server-state/use-api-query';
import { api, isApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/i18n';
import type { Loadable } from '../../lib/loadable';
import { useTranslation } from '../../lib/use-translation';
import { Field } from '../../ui/Field';
import './battle.css';

/** How many questions a player may pick for a room. */
export const QUESTION_COUNTS = [5, 10, 15, 20];

/** The battle rules in effect (the server's; the defaults until settings arrive). */
export function useBattleRules(): BattleRules {
  return useAppSelector((s) => s.settings.systemConfig?.battle) ?? DEFAULT_BATTLE_RULES;
}

/** Where a room is played: group rooms under /group-battle, the 1v1 kinds under /random-battle. */
export function roomPath(room: Pick<RoomState, 'kind' | 'room_id'>): string {
  return `${room.kind === 'group' ? paths.groupBattle : paths.randomBattle}/${room.room_id}`;
}

/** Quiz-zone categories a battle can draw from: premium ones only once unlocked. */
export function useBattleCategories(): [Loadable<Category[]>, () => void] {
  const languageId = useAppSelector(selectLanguageId);
  return useApiQuery('get_categories', { type: 1, language_id: languageId }, playable);
}

const playable = (list: Category[]) => list.filter((c) => !c.is_premium || c.has_unlocked);

/** A room was made or joined: coins moved (the fee), so the header's balance is refreshed. */
export function useEnterRoom() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  return (room: RoomState, replace = false) => {
    void refreshUser(dispatch);
    void navigate(roomPath(room), { replace });
  };
}

export function CategorySelect({
  categories,
  value,
  onChange,
}: {
  categories: Category[];
  value: string;
  onChange: (slug: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t('battle.category')}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} data-testid="battle-category">
        {categories.map((c) => (
          <option key={c.id} value={c.slug}>
            {c.category_name}
          </option>
        ))}
      </select>
    </div>
  );
}

const JOIN_CODES = ['room_code_invalid', 'room_full', 'room_deleted', 'room_not_waiting', 'not_enough_coins'];

/** "Enter a room code": joins a friend or group room, errors shown at the field. */
export function JoinByCode({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const enter = useEnterRoom();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const c = code.trim();
    if (!c) return setError(t('battle.enterCode'));
    if (!/^[A-Za-z0-9]{6}$/.test(c)) return setError(t('battle.codeInvalid'));
    setBusy(true);
    setError(undefined);
    try {
      enter(await api('join_room', { room_code: c }, { expect: JOIN_CODES }));
    } catch (err) {
      if (isApiError(err))
        setError(err.code === 'room_code_invalid' ? t('battle.codeInvalid') : errorMessage(err.code));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="join-code" onSubmit={(e) => void submit(e)} noValidate>
      <Field
        label={t('battle.roomCode')}
        testId="room-code-input"
        value={code}
        error={error}
        maxLength={6}
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        dir="ltr"
        onChange={(e) => setCode(e.target.value.toUpperCase())}
      />
      <button type="submit" className="btn btn-outline" disabled={busy || disabled} data-testid="join-room">
        {t('battle.join')}
      </button>
    </form>
  );
}

/** The head of a lobby option: its badge, title and what it is. */
export function OptionHead(props: { badge: string; art: ReactNode; title: string; text: string; titleId?: string }) {
  return (
    <div className="battle-option-head">
      <span className={`battle-badge ${props.badge}`} aria-hidden="true">
        {props.art}
      </span>
      <div>
        <h2 id={props.titleId}>{props.title}</h2>
        <p className="muted">{props.text}</p>
      </div>
    </div>
  );
}

export { useOnline } from '../../lib/use-online';

/** The offline notice of every battle screen. */
export function OfflineNotice() {
  const { t } = useTranslation();
  return (
    <p className="battle-banner offline" role="status" data-testid="battle-offline">
      {t('battle.needsConnection')}
    </p>
  );
}
