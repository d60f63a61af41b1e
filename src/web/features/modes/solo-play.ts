// The one place the modes (and bookmarks) take the generic play engine from.
export { SoloPlay } from '../play/SoloPlay';
