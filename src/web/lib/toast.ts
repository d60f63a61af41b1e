// Toasts without shipping react-toastify in the first screen: calls made before the lazy
// <Toaster/> has loaded are queued and shown as soon as it mounts.
export type ToastKind = 'error' | 'success' | 'info';
export interface QueuedToast {
  kind: ToastKind;
  message: string;
}
/**
 * A toast's words, or how to write them once the toaster shows it: the API's error messages are
 * not in the first screen's catalogue, and the toaster comes with the whole one (app/App.tsx).
 */
export type ToastText = string | (() => string);
type Show = (t: QueuedToast) => void;

let show: Show | null = null;
let clearErrors: (() => void) | null = null;
const queue: { kind: ToastKind; message: ToastText }[] = [];
const written = (m: ToastText) => (typeof m === 'function' ? m() : m);
const waiting = new Set<() => void>();

/** Subscribes to "a toast is waiting": the host loads react-toastify only then. */
export function subscribeToasts(cb: () => void): () => void {
  waiting.add(cb);
  return () => waiting.delete(cb);
}

/** True once any toast was asked for. */
export function toastsWanted(): boolean {
  return show !== null || queue.length > 0;
}

/** Connects the real toast function (and its way to take error toasts down) and flushes what was queued. */
export function attachToaster(fn: Show | null, dismissErrors: (() => void) | null = null): void {
  show = fn;
  clearErrors = dismissErrors;
  if (fn) for (const t of queue.splice(0)) fn({ kind: t.kind, message: written(t.message) });
}

function push(kind: ToastKind, message: ToastText) {
  if (show) show({ kind, message: written(message) });
  else {
    queue.push({ kind, message });
    for (const cb of waiting) cb();
  }
}

/** Shows a toast (queued until the toaster is loaded). */
export const toast = {
  error: (message: ToastText) => push('error', message),
  success: (message: ToastText) => push('success', message),
  info: (message: ToastText) => push('info', message),
  /** Takes down the error toasts shown or waiting: a later success makes them stale (issue 22 §10). */
  dismissErrors: () => {
    for (let i = queue.length - 1; i >= 0; i--) if (queue[i]!.kind === 'error') queue.splice(i, 1);
    clearErrors?.();
  },
};
