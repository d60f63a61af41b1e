import type { PickerModeKey } from '../../app/mode-defs';
import { PICKER_MODES } from '../../app/mode-defs';
import { SubcategoryPicker } from './picker/SubcategoryPicker';

/** A category's subcategories in a mode (route element). */
export default function SubcategoriesRoute({ mode }: { mode: PickerModeKey }) {
  return <SubcategoryPicker mode={PICKER_MODES[mode]} />;
}
