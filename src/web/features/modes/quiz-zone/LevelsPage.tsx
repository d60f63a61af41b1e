import { PICKER_MODES } from '../../../app/mode-defs';
import { LevelPicker } from '../picker/LevelPicker';

/** Quiz zone: the levels of a subcategory, locked, unlocked or cleared, with the best score. */
export default function LevelsPage() {
  return <LevelPicker mode={PICKER_MODES.quizZone} />;
}
