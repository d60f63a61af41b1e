/** A read as a screen shows it: loading, its data, or the failure's code (already toasted by the api client). */
export type Loadable<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; code: string };
