import { uuid } from './uuid';

const KEY = 'quizhub.device';

/**
 * This browser's install id, made once and kept in localStorage: a referral code pays once per
 * device. '' when storage is not available (the server then cannot tell devices apart).
 */
export function deviceId(): string {
  try {
    let id = localStorage.getItem(KEY);
    if (!id || !/^[A-Za-z0-9-]{8,64}$/.test(id)) {
      id = uuid();
      localStorage.setItem(KEY, id);
    }
    return id;
  } catch {
    return '';
  }
}
