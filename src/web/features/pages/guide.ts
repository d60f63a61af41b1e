// The first-run onboarding and how to play, one chunk: they share their texts (the `guide`
// namespace) and their stylesheet, so either one fetches a single file.
export { default } from './OnboardingDialog';
export { default as HowToPlayPage } from './HowToPlayPage';
