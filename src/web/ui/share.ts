import { toast } from '../lib/toast';

export interface Shared {
  title: string;
  text: string;
  url: string;
}

/**
 * Shares through the device's share sheet (Web Share), or copies the text and link where there is
 * none (a desktop browser) and says so with `copied`. Answers what happened; a dismissed sheet or
 * a refused clipboard is 'none' (what was to be shared is still on screen).
 */
export async function shareOrCopy(s: Shared, copied: string): Promise<'shared' | 'copied' | 'none'> {
  try {
    if (navigator.share) {
      await navigator.share(s);
      return 'shared';
    }
    await navigator.clipboard.writeText(`${s.text} ${s.url}`);
    toast.success(copied);
    return 'copied';
  } catch {
    return 'none';
  }
}
