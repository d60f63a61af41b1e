import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback } from 'react';
import type { Comprehension, Subcategory } from '../../../../core/contract';
import { PICKER_MODES } from '../../../app/mode-defs';
import { paths } from '../../../app/paths';
import { useApiQuery } from '../../../app/server-state/use-api-query';
import type { Loadable } from '../../../lib/loadable';
import { rememberedSubcategory, rememberSubcategories, rememberTitle } from '../nav';

const { type } = PICKER_MODES.funAndLearn;
const notFound = { status: 'error', code: 'not_found' } as const;

// Texts by language and id, as last listed: the reading page opens without a second request.
const texts = new Map<string, Comprehension>();
const textKey = (languageId: number, id: number) => `${languageId}|${id}`;

/**
 * The texts of a fun-and-learn subcategory (remembered, with their headings, for the reading
 * page), read through the
 * server state, nothing while `wanted` is false. The subcategory's id comes from its list as seen
 * on the way here, else from asking for that list: `not_found` when the category or subcategory
 * is not there.
 */
export function useTexts(
  languageId: number,
  category: string,
  sub: string,
  wanted = true,
): [Loadable<Comprehension[]>, () => void] {
  const known = rememberedSubcategory(languageId, type, category, sub);
  const pick = useCallback(
    (list: Subcategory[]) =>
      rememberSubcategories(languageId, type, category, list).find((s) => s.slug === sub) ?? null,
    [languageId, category, sub],
  );
  const [listed, retryList] = useApiQuery(
    'get_subcategory_by_maincategory',
    wanted && !known
      ? { type, language_id: languageId, category_slug: category, call: { expect: ['not_found'] } }
      : skipToken,
    pick,
  );
  const subId = known?.id ?? (listed.status === 'ready' ? listed.data?.id : undefined);
  const remember = useCallback(
    (list: Comprehension[]) => {
      for (const c of list) {
        texts.set(textKey(languageId, c.id), c);
        rememberTitle(languageId, paths.funAndLearnText(category, sub, c.id), c.title);
      }
      return list;
    },
    [languageId, category, sub],
  );
  const [list, retry] = useApiQuery(
    'get_fun_n_learn',
    wanted && subId ? { language_id: languageId, type: 'subcategory', type_id: subId } : skipToken,
    remember,
  );
  if (!known && listed.status !== 'ready') return [listed, retryList];
  if (!subId) return [notFound, retryList];
  return [list, retry];
}

/** One fun-and-learn text: remembered from its list, else the subcategory's texts are read; `not_found` when absent. */
export function useText(
  languageId: number,
  category: string,
  sub: string,
  id: number,
): [Loadable<Comprehension>, () => void] {
  const known = texts.get(textKey(languageId, id));
  const [list, retry] = useTexts(languageId, category, sub, !known);
  if (known) return [{ status: 'ready', data: known }, retry];
  if (list.status !== 'ready') return [list, retry];
  const found = list.data.find((c) => c.id === id);
  return [found ? { status: 'ready', data: found } : notFound, retry];
}
