import { PICKER_MODES } from '../../../app/mode-defs';
import { SubcategoryPicker } from '../picker/SubcategoryPicker';

/** Quiz zone: the subcategories of one category. */
export default function SubcategoriesPage() {
  return <SubcategoryPicker mode={PICKER_MODES.quizZone} />;
}
