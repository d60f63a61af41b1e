import { audited, type Handlers } from '../http/context';
import { badField } from '../domain/admin/content-common';
import { exportCategoryFile, importTemplate, importUpload } from '../domain/admin/content-transfer';

export const adminImportHandlers: Handlers<
  'admin_import_content' | 'admin_get_import_template' | 'admin_export_category'
> = {
  async admin_import_content(input, ctx) {
    const file = ctx.files.file ?? badField('file', 'is required (a CSV, XLSX, JSON or OpenTriviaQA file)');
    const report = await importUpload(ctx.db, file, input);
    audited(ctx, {
      target: input.category_id ? `category:${input.category_id}` : '',
      after: {
        file: report.file,
        format: report.format,
        rows: report.rows,
        questions: report.questions,
        imported: report.imported,
        duplicates: report.duplicates.length,
        errors: report.errors.length,
        new_categories: report.newCategories,
      },
    });
    return report;
  },
  async admin_get_import_template({ format }) {
    return importTemplate(format);
  },
  async admin_export_category({ category_id, format }, ctx) {
    return exportCategoryFile(ctx.db, category_id, format);
  },
};
