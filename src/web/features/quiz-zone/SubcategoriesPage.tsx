import { PICKER_MODES } from '../modes/mode-defs';
import { SubcategoryPicker } from '../modes/picker/SubcategoryPicker';

/** Quiz zone: the subcategories of one category. */
export default function SubcategoriesPage() {
  return <SubcategoryPicker mode={PICKER_MODES.quizZone} />;
}
