/**
 * Stable error codes of the API. The server answers `{ error: true, code, message }` with the
 * HTTP status given here; the client maps `code` to a translated message (`errors.<code>`).
 */
export const ERRORS = {
  invalid_input: { status: 400, message: 'Some fields are missing or invalid.' },
  payload_too_large: { status: 413, message: 'The request is too large.' },
  unknown_action: { status: 404, message: 'Unknown action.' },
  not_found: { status: 404, message: 'Document does not exist.' },
  unauthorized: { status: 401, message: 'Please login first.' },
  session_password_changed: {
    status: 401,
    message: 'You were signed out because your password was changed on another device.',
  },
  invalid_id_token: { status: 401, message: 'The sign-in proof is invalid or expired.' },
  forbidden: { status: 403, message: 'You are not allowed to do this.' },
  account_deactivated: {
    status: 403,
    message: 'Your account has been deactivated! Please contact admin.',
  },
  demo_mode: { status: 403, message: 'Not allowed in demo version' },
  mode_disabled: { status: 403, message: 'This mode is switched off for now.' },
  maintenance: { status: 503, message: 'We are under maintenance. Please come back soon.' },
  rate_limited: { status: 429, message: 'Too many requests, try again later.' },
  // identity
  invalid_email: { status: 400, message: 'Invalid email address.' },
  invalid_password: { status: 400, message: 'Invalid password.' },
  /** Login: an unknown address and a wrong password answer alike (no account enumeration). */
  invalid_credentials: { status: 400, message: 'Wrong e-mail or password.' },
  weak_password: {
    status: 400,
    message: 'Choose a password of 8 to 128 characters that is not a common one.',
  },
  user_not_found: { status: 404, message: 'User not found.' },
  email_already_in_use: { status: 409, message: 'Email already in use.' },
  verify_email_first: { status: 403, message: 'Verify email first.' },
  invalid_code: { status: 400, message: 'The code is wrong or has expired.' },
  invalid_mobile: { status: 400, message: 'Enter a correct mobile number with country code.' },
  operation_not_allowed: { status: 403, message: 'Operation not allowed.' },
  /** Production without a mail or SMS transport: a code would go nowhere, so none is sent. */
  mail_unavailable: {
    status: 503,
    message: 'This server cannot send codes right now. Please try again later or contact the operator.',
  },
  /** The identity provider (Firebase) could not be reached: nothing is wrong with the proof. */
  identity_unavailable: { status: 503, message: 'Internal error occurred. Please try again.' },
  // profile
  image_invalid: { status: 400, message: 'The image could not be read. Use a JPEG, PNG or WebP.' },
  image_too_large: { status: 413, message: 'The image is too large.' },
  // play
  level_locked: { status: 403, message: 'This level is locked, play previous levels to unlock.' },
  premium_locked: { status: 403, message: 'Unlock this category first.' },
  session_finished: { status: 409, message: 'This quiz has already been submitted.' },
  session_expired: { status: 409, message: 'This quiz has expired.' },
  already_answered: { status: 409, message: 'This question has already been answered.' },
  already_played: { status: 409, message: 'You have already played.' },
  pack_outdated: { status: 409, message: 'This offline quiz is out of date. Play it again online.' },
  lifeline_used: { status: 409, message: 'Lifeline already used.' },
  lifeline_not_allowed: { status: 409, message: 'This lifeline is not allowed.' },
  hint_limit: { status: 409, message: 'No more hints for this word.' },
  bookmark_remove_failed: { status: 404, message: 'Cannot remove question from bookmark.' },
  report_reason_required: { status: 400, message: 'A reason is required when reporting a question.' },
  select_questions: { status: 400, message: 'Select the number of questions.' },
  select_timer: { status: 400, message: 'Select the number of timer.' },
  not_enough_coins: { status: 409, message: "You don't have enough coins." },
  // payouts
  payment_request_wait: {
    status: 409,
    message: 'You have already made a payment request, wait 48 hours after the previous request.',
  },
  payout_below_minimum: { status: 400, message: 'Use more coins: this is below the minimum payout.' },
  payout_method_invalid: { status: 400, message: 'Choose one of the payout methods.' },
  payment_not_pending: { status: 409, message: 'This payment request is no longer pending.' },
  payout_account_too_new: { status: 403, message: 'Your account is too new for a payout request.' },
  payout_contact_unverified: { status: 403, message: 'Verify your e-mail or phone before asking for a payout.' },
  // exams and contests
  exam_key_required: { status: 400, message: 'Enter the exam key.' },
  invalid_exam_key: { status: 403, message: 'Invalid exam key.' },
  exam_rules_required: { status: 400, message: 'Agree to the exam rules.' },
  exam_not_open: { status: 409, message: 'This exam is not open today.' },
  exam_time_over: { status: 409, message: 'The time for this exam is over.' },
  exam_submitted: { status: 409, message: 'This exam has already been submitted.' },
  contest_not_live: { status: 409, message: 'This contest is not live.' },
  contest_not_started: { status: 409, message: 'Start the contest first.' },
  question_not_served: { status: 409, message: 'Answer the question on screen.' },
  contest_started: {
    status: 409,
    message: 'This contest has started: only its name, description and image can change, and it cannot be deleted.',
  },
  contest_has_entries: { status: 409, message: 'Players have entered this contest: it cannot be deleted.' },
  exam_attempted: {
    status: 409,
    message: 'Players have attempted this exam: it cannot be deleted, and its questions, marks and duration are fixed.',
  },
  // operator console: content
  language_code_taken: { status: 409, message: 'A language with this code already exists.' },
  default_language_required: {
    status: 409,
    message: 'The default language must stay active: make another language the default first.',
  },
  slug_taken: { status: 409, message: 'This slug is already used here: choose another.' },
  category_not_empty: {
    status: 409,
    message: 'This category still has questions or texts. Deactivate it instead: players keep their history.',
  },
  subcategory_not_empty: {
    status: 409,
    message: 'This subcategory still has questions or texts. Deactivate it instead: players keep their history.',
  },
  audio_invalid: { status: 400, message: 'The audio could not be read. Use MP3, OGG, M4A or WAV.' },
  content_file_invalid: { status: 400, message: 'The file could not be imported.' },
  // battles
  room_code_invalid: { status: 404, message: 'Room code not valid.' },
  room_full: { status: 409, message: 'Room is full.' },
  room_deleted: { status: 410, message: 'Room is deleted by owner.' },
  room_not_waiting: { status: 409, message: 'This battle has already started or ended.' },
  idempotency_conflict: {
    status: 409,
    message: 'This request key was already used with a different request.',
  },
  request_in_progress: { status: 409, message: 'The same request is still being processed.' },
  internal_error: { status: 500, message: 'Internal error occurred.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** The failure envelope every action answers with. */
export interface ErrorReply {
  error: true;
  code: ErrorCode;
  message: string;
  /** For invalid_input: the first offending field and why. */
  field?: string;
  issues?: { field: string; message: string }[];
}

/** The success envelope. */
export interface OkReply<T> {
  error: false;
  data: T;
  total?: number;
}

export type Reply<T> = OkReply<T> | ErrorReply;

/** True when `code` is one of ours (replies from elsewhere may carry anything). */
export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERRORS, code);
}
