import type { PickerModeKey } from '../../app/mode-defs';
import { PICKER_MODES } from '../../app/mode-defs';
import { LevelPicker } from './picker/LevelPicker';

/** A subcategory's levels or rounds in a mode (route element). */
export default function LevelsRoute({ mode }: { mode: PickerModeKey }) {
  return <LevelPicker mode={PICKER_MODES[mode]} />;
}
