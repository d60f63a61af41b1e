import type { PickerModeKey } from '../../app/mode-defs';
import { PICKER_MODES } from '../../app/mode-defs';
import { CategoryPicker } from './picker/CategoryPicker';

/** A mode's categories (route element). */
export default function CategoriesRoute({ mode }: { mode: PickerModeKey }) {
  return <CategoryPicker mode={PICKER_MODES[mode]} />;
}
