import { z } from 'zod';
import { action } from './define';
import { flagField, idField, intField, paging, slugField, textField } from './fields';
import {
  categoryType,
  imageFile,
  mediaRef,
  contentName,
  orderField,
  searchField,
  sortField,
  statusField,
  statusFilter,
} from './admin-content-fields';

/** The console's content languages, categories and subcategories (issue 8). */

export interface AdminLanguage {
  id: number;
  code: string;
  name: string;
  rtl: boolean;
  is_default: boolean;
  status: 0 | 1;
  categories: number;
  questions: number;
}

export interface AdminCategory {
  id: number;
  language_id: number;
  language_code: string;
  /** The mode (CATEGORY_TYPES). */
  type: number;
  slug: string;
  name: string;
  image: string;
  premium_price: number;
  sort: number;
  status: 0 | 1;
  subcategories: number;
  /** Questions of any status (a deactivated question still counts: plays refer to it). */
  questions: number;
  texts: number;
}

export interface AdminSubcategory {
  id: number;
  category_id: number;
  slug: string;
  name: string;
  image: string;
  sort: number;
  status: 0 | 1;
  questions: number;
  texts: number;
  /** Highest level (round) of its active questions; 0 when none. */
  max_level: number;
}

export const adminTaxonomyActions = {
  admin_get_languages: action<AdminLanguage[]>()({
    input: z.object({ ...paging, search: searchField, status: statusFilter }),
    access: 'admin',
    mutates: false,
  }),
  /** Creates (no id) or updates a content language; making one the default unmakes the other at once. */
  admin_save_language: action<AdminLanguage>()({
    input: z.object({
      id: idField.optional(),
      code: z
        .string({ error: 'must be text' })
        .trim()
        .toLowerCase()
        .regex(/^[a-z]{2,3}(-[a-z0-9]{2,8})?$/, { error: 'must be a language code such as en or pt-br' })
        .optional(),
      name: textField(60).optional(),
      rtl: flagField.optional(),
      is_default: flagField.optional(),
      status: statusField.optional(),
    }),
    access: 'admin',
    mutates: true,
  }),

  admin_get_categories: action<AdminCategory[]>()({
    input: z.object({
      ...paging,
      type: categoryType.optional(),
      language_id: idField.optional(),
      search: searchField,
      status: statusFilter,
      sort: z.enum(['sort', 'name', 'id', 'questions']).default('sort'),
      order: orderField.default('asc'),
    }),
    access: 'admin',
    mutates: false,
  }),
  /** Creates (no id) or updates a category; the slug comes from the name when not given. */
  admin_save_category: action<AdminCategory>()({
    input: z.object({
      id: idField.optional(),
      language_id: idField.optional(),
      type: categoryType.optional(),
      name: contentName.optional(),
      slug: slugField.optional(),
      premium_price: intField(0, 1_000_000).optional(),
      sort: sortField.optional(),
      status: statusField.optional(),
      image: mediaRef.optional(),
    }),
    access: 'admin',
    mutates: true,
    files: imageFile,
  }),
  /** Deletes an empty category (409 category_not_empty otherwise: deactivate it instead). */
  admin_delete_category: action<{ deleted: number }>()({
    input: z.object({ id: idField }),
    access: 'admin',
    mutates: true,
  }),

  admin_get_subcategories: action<AdminSubcategory[]>()({
    input: z.object({ ...paging, category_id: idField, search: searchField, status: statusFilter }),
    access: 'admin',
    mutates: false,
  }),
  admin_save_subcategory: action<AdminSubcategory>()({
    input: z.object({
      id: idField.optional(),
      category_id: idField.optional(),
      name: contentName.optional(),
      slug: slugField.optional(),
      sort: sortField.optional(),
      status: statusField.optional(),
      image: mediaRef.optional(),
    }),
    access: 'admin',
    mutates: true,
    files: imageFile,
  }),
  admin_delete_subcategory: action<{ deleted: number }>()({
    input: z.object({ id: idField }),
    access: 'admin',
    mutates: true,
  }),
};
