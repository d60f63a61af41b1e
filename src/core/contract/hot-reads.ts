import type { ActionName } from './index';

/**
 * The public reads of operator-edited content that a server node answers from memory (issue 24
 * P6): the reply carries a strong ETag (a hash of its body), and a request whose If-None-Match
 * names it is answered 304 with no body. The web client keeps the last reply of each call and
 * revalidates it. Each is public, changes nothing and starts no play mode.
 */
export const HOT_READS = [
  'get_categories',
  'get_subcategory_by_maincategory',
  'get_languages',
  'get_settings',
  'get_system_configurations',
  'get_web_settings',
  'get_web_home_settings',
  'get_system_language_list',
  'get_translation_overrides',
  'get_system_language_json',
] as const satisfies readonly ActionName[];

export type HotRead = (typeof HOT_READS)[number];

/** True when `action` is answered from memory with an ETag. */
export function isHotRead(action: string): action is HotRead {
  return (HOT_READS as readonly string[]).includes(action);
}
