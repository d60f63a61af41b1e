import { useTranslation } from '../../lib/use-translation';

/**
 * "Keys 1–4 or A–D answer" under the options, for players with a keyboard (play-a11y.css hides
 * it on touch screens). The letters are the ones on the options, in every interface language.
 */
export function OptionKeysHint({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count < 2) return null;
  const last = String.fromCharCode(64 + count);
  return (
    <p className="play-hint keys-hint" aria-hidden="true" data-testid="keys-hint">
      {t('play.keysHint', { digits: `1–${count}`, letters: `A–${last}` })}
    </p>
  );
}
