import { z } from 'zod';
import { action } from './define';
import { emailField, mobileField, nameField, optionalText, textField } from './fields';

export type AccountType = 'email' | 'mobile' | 'gmail';

/** The user record (spec: api_token, name and profile are the names it shows). */
export interface UserRecord {
  id: number;
  firebase_id: string;
  name: string;
  email: string;
  mobile: string;
  /** Profile image URL ('' when none). */
  profile: string;
  type: AccountType;
  fcm_id: string;
  coins: number;
  all_time_score: number;
  refer_code: string;
  friends_code: string;
  web_language: string;
  role: 'player' | 'admin';
  status: 0 | 1;
  date_registered: string;
  /** Only in the replies of user_signup. */
  api_token?: string;
}

/** Empty strings count as absent: the client sends contact fields only when set. */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const webLanguageField = z.string().regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/, { error: 'must be a language code' });

export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export const accountActions = {
  check_user_exists: action<{ exists: boolean }>()({
    input: z.object({ firebase_id: textField(200) }),
    access: 'identity',
    mutates: false,
  }),
  user_signup: action<UserRecord>()({
    input: z.object({
      firebase_id: textField(200),
      type: z.enum(['email', 'mobile', 'gmail']).optional(),
      name: z.preprocess(blankToUndefined, nameField.optional()),
      email: z.preprocess(blankToUndefined, emailField.optional()),
      profile: optionalText(500),
      mobile: z.preprocess(blankToUndefined, mobileField.optional()),
      fcm_id: optionalText(500),
      /** The interface language the player chose before signing up. */
      web_language: z.preprocess(blankToUndefined, webLanguageField.optional()),
      friends_code: z.preprocess(
        blankToUndefined,
        z
          .string()
          .trim()
          .toUpperCase()
          .regex(/^[A-Z0-9]{4,16}$/, { error: 'must be a referral code' })
          .optional(),
      ),
    }),
    access: 'identity',
    mutates: true,
  }),
  get_user_by_id: action<UserRecord>()({
    input: z.object({}),
    access: 'user',
    mutates: false,
  }),
  update_profile: action<UserRecord>()({
    input: z.object({
      name: z.preprocess(blankToUndefined, nameField.optional()),
      email: z.preprocess(blankToUndefined, emailField.optional()),
      mobile: z.preprocess(blankToUndefined, mobileField.optional()),
      web_language: z.preprocess(blankToUndefined, webLanguageField.optional()),
    }),
    access: 'user',
    mutates: true,
  }),
  upload_profile_image: action<UserRecord>()({
    input: z.object({}),
    access: 'user',
    mutates: true,
    files: { image: PROFILE_IMAGE_MAX_BYTES },
  }),
  delete_user_account: action<{ deleted: true }>()({
    input: z.object({}),
    access: 'user',
    mutates: true,
  }),
  logout: action<{ logged_out: true }>()({
    input: z.object({}),
    access: 'user',
    mutates: true,
  }),
};
