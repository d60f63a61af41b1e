-- Hot public reads (issue 24 P6): each node answers the public, rarely changing reads (categories,
-- subcategories, languages, settings, home headings, interface texts) from memory, and the
-- database says when what they come from changes. A statement-level trigger on each such table
-- sends NOTIFY content_changes with the table's name: delivered only when the writing transaction
-- commits (a rolled-back edit invalidates nothing), to every node that LISTENs
-- (src/server/domain/content-changes.ts), whichever action, CLI, import or node wrote it. Once per
-- statement, not per row, and NOTIFY folds a transaction's identical payloads into one: an import
-- of thousands of questions costs one notification per table.
CREATE FUNCTION content_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('content_changes', TG_TABLE_NAME);
  RETURN NULL;
END $$;

CREATE TRIGGER categories_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION content_changed();
CREATE TRIGGER subcategories_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON subcategories
  FOR EACH STATEMENT EXECUTE FUNCTION content_changed();
-- The category and subcategory lists count questions and their levels.
CREATE TRIGGER questions_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON questions
  FOR EACH STATEMENT EXECUTE FUNCTION content_changed();
CREATE TRIGGER languages_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON languages
  FOR EACH STATEMENT EXECUTE FUNCTION content_changed();
CREATE TRIGGER settings_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON settings
  FOR EACH STATEMENT EXECUTE FUNCTION content_changed();
CREATE TRIGGER ui_translations_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ui_translations
  FOR EACH STATEMENT EXECUTE FUNCTION content_changed();
