// One implementation for every mode's headings.
export { titleFromSlug } from '../modes/nav';
