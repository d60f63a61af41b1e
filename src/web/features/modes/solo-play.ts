// The one place the modes take the generic play engine from.
export { SoloPlay } from './SoloPlayStub';
