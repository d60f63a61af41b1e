import { PICKER_MODES } from '../modes/mode-defs';
import { LevelPicker } from '../modes/picker/LevelPicker';

/** Quiz zone: the levels of a subcategory, locked, unlocked or cleared, with the best score. */
export default function LevelsPage() {
  return <LevelPicker mode={PICKER_MODES.quizZone} />;
}
