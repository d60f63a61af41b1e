import { audited, paged, type ActionContext, type Handlers } from '../http/context';
import { deleteCategory, listCategories, saveCategory } from '../domain/admin/content-categories';
import { listLanguages, saveLanguage } from '../domain/admin/content-languages';
import { storeImage } from '../domain/admin/content-media';
import { deleteSubcategory, listSubcategories, saveSubcategory } from '../domain/admin/content-subcategories';

/** The uploaded `image_file` stored as a square icon, else the `image` path sent (if any). */
async function iconOf(ctx: ActionContext, image: string | undefined, kind: 'category_image' | 'subcategory_image') {
  const file = ctx.files.image_file;
  return file ? storeImage(ctx.db, file, { kind, field: 'image_file' }) : image;
}

export const adminTaxonomyHandlers: Handlers<
  | 'admin_get_languages'
  | 'admin_save_language'
  | 'admin_get_categories'
  | 'admin_save_category'
  | 'admin_delete_category'
  | 'admin_get_subcategories'
  | 'admin_save_subcategory'
  | 'admin_delete_subcategory'
> = {
  async admin_get_languages(q, ctx) {
    const { rows, total } = await listLanguages(ctx.db, q);
    return paged(rows, total);
  },
  async admin_save_language(input, ctx) {
    const { before, after } = await saveLanguage(ctx.db, input);
    audited(ctx, { target: `language:${after.id}`, before, after });
    // Players' language lists and fallbacks come from the cached settings.
    ctx.afterCommit?.(() => ctx.services.settings.invalidate());
    return after;
  },

  async admin_get_categories(q, ctx) {
    const { rows, total } = await listCategories(ctx.db, q);
    return paged(rows, total);
  },
  async admin_save_category({ image, ...input }, ctx) {
    const icon = await iconOf(ctx, image, 'category_image');
    const { before, after } = await saveCategory(ctx.db, { ...input, image: icon });
    audited(ctx, { target: `category:${after.id}`, before, after });
    return after;
  },
  async admin_delete_category({ id }, ctx) {
    const before = await deleteCategory(ctx.db, id);
    audited(ctx, { target: `category:${id}`, before, after: null });
    return { deleted: id };
  },

  async admin_get_subcategories(q, ctx) {
    const { rows, total } = await listSubcategories(ctx.db, q);
    return paged(rows, total);
  },
  async admin_save_subcategory({ image, ...input }, ctx) {
    const icon = await iconOf(ctx, image, 'subcategory_image');
    const { before, after } = await saveSubcategory(ctx.db, { ...input, image: icon });
    audited(ctx, { target: `subcategory:${after.id}`, before, after });
    return after;
  },
  async admin_delete_subcategory({ id }, ctx) {
    const before = await deleteSubcategory(ctx.db, id);
    audited(ctx, { target: `subcategory:${id}`, before, after: null });
    return { deleted: id };
  },
};
