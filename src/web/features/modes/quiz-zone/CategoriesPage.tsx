import { PICKER_MODES } from '../../../app/mode-defs';
import { CategoryPicker } from '../picker/CategoryPicker';

/** Quiz zone: the category cards (premium ones ask to be unlocked). */
export default function CategoriesPage() {
  return <CategoryPicker mode={PICKER_MODES.quizZone} />;
}
