// Toasts without shipping react-toastify in the first screen: calls made before the lazy
// <Toaster/> has loaded are queued and shown as soon as it mounts.
export type ToastKind = 'error' | 'success' | 'info';
export interface QueuedToast {
  kind: ToastKind;
  message: string;
}
type Show = (t: QueuedToast) => void;

let show: Show | null = null;
let clearErrors: (() => void) | null = null;
const queue: QueuedToast[] = [];
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
  if (fn) for (const t of queue.splice(0)) fn(t);
}

function push(kind: ToastKind, message: string) {
  if (show) show({ kind, message });
  else {
    queue.push({ kind, message });
    for (const cb of waiting) cb();
  }
}

/** Shows a toast (queued until the toaster is loaded). */
export const toast = {
  error: (message: string) => push('error', message),
  success: (message: string) => push('success', message),
  info: (message: string) => push('info', message),
  /** Takes down the error toasts shown or waiting: a later success makes them stale (issue 22 §10). */
  dismissErrors: () => {
    for (let i = queue.length - 1; i >= 0; i--) if (queue[i]!.kind === 'error') queue.splice(i, 1);
    clearErrors?.();
  },
};
