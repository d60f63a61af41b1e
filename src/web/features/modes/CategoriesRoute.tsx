import type { PickerModeKey } from './mode-defs';
import { PICKER_MODES } from './mode-defs';
import { CategoryPicker } from './picker/CategoryPicker';

/** A mode's categories (route element). */
export default function CategoriesRoute({ mode }: { mode: PickerModeKey }) {
  return <CategoryPicker mode={PICKER_MODES[mode]} />;
}
