import { adminImportActions } from './admin-content-import';
import { adminQuestionActions } from './admin-content-questions';
import { adminTaxonomyActions } from './admin-content-taxonomy';

/**
 * The operator console's content actions (issue 8): languages, categories and subcategories of
 * every mode, questions of every type, fun-and-learn texts, the daily quiz schedule, bulk import
 * and export. Admins only; every change is audited in its transaction.
 */
export type * from './admin-content-taxonomy';
export type * from './admin-content-questions';
export type * from './admin-content-import';
export {
  CONTENT_AUDIO_MAX_BYTES,
  CONTENT_IMAGE_MAX_BYTES,
  CONTENT_IMPORT_MAX_BYTES,
  DAILY_QUIZ_MAX_QUESTIONS,
} from './admin-content-fields';

export const adminContentActions = {
  ...adminTaxonomyActions,
  ...adminQuestionActions,
  ...adminImportActions,
};
