/**
 * Brings the form's first field in error into view and gives it the focus, once the errors have
 * rendered: a long form's Save is far below its schedule or its prize table.
 */
export function revealFirstError(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => {
    const field = form?.querySelector<HTMLElement>('.has-error');
    if (!field) return;
    field.scrollIntoView({ block: 'center' });
    field.querySelector<HTMLElement>('input:not([type="file"]), select, textarea')?.focus({ preventScroll: true });
  });
}
