import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { PaymentRequest } from '../../../core/contract';
import { DEFAULT_PAYOUT_RULES, payoutAmount, type PayoutRules } from '../../../core/rules/payout';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { selectUser } from '../../app/selectors';
import { isApiFailure } from '../../app/server-state/base-query';
import { useApiMutation } from '../../app/server-state/use-api-mutation';
import { useApiQuery } from '../../app/server-state/use-api-query';
import { refreshUser } from '../../app/session';
import { i18n } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { useTranslation } from '../../lib/use-translation';
import { CoinIcon } from '../../ui/icons';
import { Empty, LoadState } from '../../ui/LoadState';
import { PageTitle } from '../../ui/PageTitle';
import './payouts.css';
import { formatDate } from '../../lib/format-date';
import { formatCount, formatMoney } from '../../lib/format-number';

type Field = 'payment_type' | 'payment_address' | 'coin_used';
const FIELD_CODES = [
  'payment_request_wait',
  'payout_account_too_new',
  'payout_contact_unverified',
  'payout_below_minimum',
  'payout_method_invalid',
  'not_enough_coins',
  'invalid_input',
];

/** A method's label: translated when known, else the configured code as it is. */
function methodLabel(m: string): string {
  const key = `payouts.method.${m}`;
  return i18n.exists(key) ? i18n.t(key as 'payouts.title') : m;
}

/** An amount in the configured payout currency (issue 22 §9). */
function money(n: number, currency: string): string {
  return formatMoney(n, currency, i18n.language);
}

/**
 * Redeem request: the balance, a payout method, an address and the coins to use (the amount they
 * are worth shown as the server will derive it), then the player's requests with their status;
 * a pending one can be cancelled after a confirm (its coins come back, a toast says so, and the
 * request stays listed as cancelled: money records are never deleted).
 */
export default function RedeemPage() {
  const { t } = useTranslation();
  const ids = useId();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const config = useAppSelector((s) => s.settings.systemConfig) as Partial<PayoutRules> | null;
  const rules: PayoutRules = { ...DEFAULT_PAYOUT_RULES, ...(config ?? {}) };
  const [form, setForm] = useState({ payment_type: '', payment_address: '', coin_used: '' });
  const [errors, setErrors] = useState<Partial<Record<Field | 'form', string>>>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [list, reload] = useApiQuery('get_payment_request', { offset: 0, limit: 50 });
  const requestPayout = useApiMutation('set_payment_request');
  const cancelRequest = useApiMutation('delete_pending_payment_request');
  const confirm = useRef<HTMLDialogElement>(null);
  const [cancelling, setCancelling] = useState<PaymentRequest | null>(null);

  useEffect(() => {
    void refreshUser(dispatch);
  }, [dispatch]);

  const coins = /^\d{1,9}$/.test(form.coin_used) ? Number(form.coin_used) : 0;

  function set(patch: Partial<typeof form>) {
    setForm((f) => ({ ...f, ...patch }));
    setSent(false);
    setErrors((e) => {
      const next = { ...e, form: undefined };
      for (const k of Object.keys(patch) as Field[]) next[k] = undefined;
      return next;
    });
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found: Partial<Record<Field, string>> = {
      payment_type: form.payment_type ? undefined : t('payouts.chooseMethod'),
      payment_address: form.payment_address.trim() ? undefined : t('payouts.addressRequired'),
      coin_used: !coins
        ? t('payouts.coinsRequired')
        : coins < rules.payout_min_coins
          ? t('payouts.belowMinimum', { count: rules.payout_min_coins })
          : coins > (user?.coins ?? 0)
            ? t('errors.not_enough_coins')
            : undefined,
    };
    setErrors(found);
    if (found.payment_type || found.payment_address || found.coin_used) return;
    setBusy(true);
    try {
      // Its success refetches the list (the `payouts` tag).
      await requestPayout({
        payment_type: form.payment_type,
        payment_address: form.payment_address.trim(),
        coin_used: coins,
        call: { expect: FIELD_CODES, idempotencyKey: crypto.randomUUID() },
      });
      setForm({ payment_type: '', payment_address: '', coin_used: '' });
      setSent(true);
      void refreshUser(dispatch);
    } catch (err) {
      if (isApiFailure(err, 'payment_request_wait'))
        setErrors({ form: t('errors.payment_request_wait', { count: rules.payout_interval_hours }) });
      else if (isApiFailure(err, 'payout_account_too_new')) setErrors({ form: t('errors.payout_account_too_new') });
      else if (isApiFailure(err, 'payout_contact_unverified'))
        setErrors({ form: t('errors.payout_contact_unverified') });
      else if (isApiFailure(err, 'payout_method_invalid')) setErrors({ payment_type: t('payouts.chooseMethod') });
      else if (isApiFailure(err, 'payout_below_minimum'))
        setErrors({ coin_used: t('payouts.belowMinimum', { count: rules.payout_min_coins }) });
      else if (isApiFailure(err, 'not_enough_coins')) setErrors({ coin_used: t('errors.not_enough_coins') });
      else if (isApiFailure(err, 'invalid_input')) {
        const field = (err as { field?: string }).field;
        const at: Field = field === 'payment_type' || field === 'payment_address' ? field : 'coin_used';
        setErrors({ [at]: t('errors.invalid_input') });
      }
    } finally {
      setBusy(false);
    }
  }

  function askCancel(r: PaymentRequest) {
    setCancelling(r);
    confirm.current?.showModal?.();
  }

  function closeConfirm() {
    confirm.current?.close?.();
    setCancelling(null);
  }

  async function cancel() {
    const r = cancelling;
    if (!r || busy) return;
    setBusy(true);
    try {
      await cancelRequest({ payment_id: r.id, call: { idempotencyKey: crypto.randomUUID() } });
      toast.success(t('payouts.cancelled', { count: r.coin_used }));
      // "Request sent: it is pending" no longer holds.
      setSent(false);
    } catch {
      // The api client has shown why (a translated toast); the list below shows the real state
      // (a success refetches it through the `payouts` tag).
      reload();
    } finally {
      setBusy(false);
      closeConfirm();
      void refreshUser(dispatch);
    }
  }

  function fieldError(f: Field) {
    return errors[f] ? (
      <small id={`${ids}-${f}-error`} className="field-error" role="alert" data-testid={`redeem-${f}-error`}>
        {errors[f]}
      </small>
    ) : null;
  }
  const described = (f: Field) => (errors[f] ? `${ids}-${f}-error` : undefined);
  const cls = (f: Field) => (errors[f] ? 'field has-error' : 'field');

  return (
    <>
      <PageTitle title={t('payouts.title')} back={paths.profile} backLabel={t('common.back')} />
      <section className="card redeem-balance" aria-label={t('payouts.balance')}>
        <span className="muted">{t('payouts.balance')}</span>
        <strong data-testid="redeem-balance">
          <CoinIcon size={24} /> {user?.coins ?? 0}
        </strong>
        <span className="muted">
          {t('payouts.rate', {
            coins: formatCount(rules.payout_coins_per_unit, i18n.language),
            unit: money(1, rules.payout_currency),
            min: formatCount(rules.payout_min_coins, i18n.language),
          })}
        </span>
      </section>
      <form className="card form redeem-form" onSubmit={(e) => void submit(e)} noValidate>
        <div className={cls('payment_type')}>
          <label htmlFor={`${ids}-method`}>{t('payouts.methodLabel')}</label>
          <select
            id={`${ids}-method`}
            value={form.payment_type}
            onChange={(e) => set({ payment_type: e.target.value })}
            aria-invalid={Boolean(errors.payment_type)}
            aria-describedby={described('payment_type')}
            data-testid="redeem-method"
          >
            <option value="">{t('payouts.chooseMethod')}</option>
            {rules.payout_methods.map((m) => (
              <option key={m} value={m}>
                {methodLabel(m)}
              </option>
            ))}
          </select>
          {fieldError('payment_type')}
        </div>
        <div className={cls('payment_address')}>
          <label htmlFor={`${ids}-address`}>{t('payouts.address')}</label>
          <input
            id={`${ids}-address`}
            value={form.payment_address}
            maxLength={200}
            autoComplete="off"
            placeholder={t('payouts.addressHint')}
            onChange={(e) => set({ payment_address: e.target.value })}
            aria-invalid={Boolean(errors.payment_address)}
            aria-describedby={described('payment_address')}
            data-testid="redeem-address"
          />
          {fieldError('payment_address')}
        </div>
        <div className={cls('coin_used')}>
          <label htmlFor={`${ids}-coins`}>{t('payouts.coins')}</label>
          <input
            id={`${ids}-coins`}
            value={form.coin_used}
            inputMode="numeric"
            maxLength={9}
            placeholder={String(rules.payout_min_coins)}
            onChange={(e) => set({ coin_used: e.target.value.replace(/\D/g, '') })}
            aria-invalid={Boolean(errors.coin_used)}
            aria-describedby={described('coin_used')}
            data-testid="redeem-coins"
          />
          <small className="muted" data-testid="redeem-amount">
            {t('payouts.amount', { amount: money(payoutAmount(coins, rules), rules.payout_currency) })}
          </small>
          {fieldError('coin_used')}
        </div>
        <p className="redeem-note">{t('payouts.note')}</p>
        {errors.form && (
          <p className="field-error" role="alert" data-testid="redeem-form-error">
            {errors.form}
          </p>
        )}
        {sent && (
          <p className="redeem-sent" role="status" data-testid="redeem-sent">
            {t('payouts.sent')}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy} data-testid="redeem-submit">
          {t('payouts.submit')}
        </button>
      </form>
      <section className="card" aria-labelledby={`${ids}-list`}>
        <h2 id={`${ids}-list`} className="redeem-head">
          {t('payouts.requests')}
        </h2>
        {list.status !== 'ready' ? (
          <LoadState state={list} retry={reload} />
        ) : list.data.length === 0 ? (
          <Empty text={t('payouts.empty')} />
        ) : (
          <ul className="redeem-list" data-testid="redeem-list">
            {list.data.map((r: PaymentRequest) => (
              <li key={r.id} data-testid="redeem-item">
                <div className="redeem-what">
                  <strong>{methodLabel(r.payment_type)}</strong>
                  <span className="muted redeem-address">{r.payment_address}</span>
                  <span className="muted">
                    <CoinIcon size={14} /> {r.coin_used} · {money(r.payment_amount, rules.payout_currency)}
                  </span>
                  <span className="muted">{formatDate(r.date, i18n.language)}</span>
                </div>
                <div className="redeem-side">
                  <span className={`redeem-status status-${r.status}`} data-testid="redeem-status">
                    {t(`payouts.status.${r.status}`)}
                  </span>
                  {r.status === 'pending' && (
                    <button
                      type="button"
                      className="btn btn-outline btn-small"
                      onClick={() => askCancel(r)}
                      data-testid="redeem-cancel"
                    >
                      {t('payouts.cancel')}
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <dialog
        ref={confirm}
        className="dialog"
        aria-labelledby={`${ids}-confirm-title`}
        aria-describedby={`${ids}-confirm-body`}
        onClose={() => setCancelling(null)}
        data-testid="redeem-cancel-confirm"
      >
        <h2 id={`${ids}-confirm-title`}>{t('payouts.cancelTitle')}</h2>
        <p id={`${ids}-confirm-body`}>
          {cancelling
            ? t('payouts.cancelBody', { count: cancelling.coin_used, method: methodLabel(cancelling.payment_type) })
            : null}
        </p>
        <div className="row">
          <button
            type="button"
            className="btn btn-ghost"
            onClick={closeConfirm}
            autoFocus
            data-testid="redeem-cancel-keep"
          >
            {t('payouts.cancelKeep')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() => void cancel()}
            data-testid="redeem-cancel-yes"
          >
            {t('payouts.cancelConfirm')}
          </button>
        </div>
      </dialog>
    </>
  );
}
