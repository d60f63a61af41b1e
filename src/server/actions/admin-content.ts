import type { Handlers } from '../http/context';
import type { adminContentActions } from '../../core/contract/admin-content';
import { adminImportHandlers } from './admin-content-import';
import { adminQuestionHandlers } from './admin-content-questions';
import { adminTaxonomyHandlers } from './admin-content-taxonomy';

/** The operator console's content actions (issue 8). */
export const adminContentHandlers: Handlers<keyof typeof adminContentActions> = {
  ...adminTaxonomyHandlers,
  ...adminQuestionHandlers,
  ...adminImportHandlers,
};
