import { useEffect } from 'react';
import { Slide, ToastContainer, toast as rtToast } from 'react-toastify';
import { attachToaster, type QueuedToast } from './toast';

/** The toast host (lazy chunk): top centre, at most 20, 4 s for errors and 2 s for success. */
export default function Toaster({ rtl }: { rtl: boolean }) {
  useEffect(() => {
    const errors = new Set<string>();
    const show = ({ kind, message }: QueuedToast) => {
      // The same message twice in a row (e.g. several failing calls) shows once.
      const toastId = `${kind}:${message}`;
      if (rtToast.isActive(toastId)) return;
      if (kind === 'success') rtToast.success(message, { autoClose: 2000, toastId });
      else if (kind === 'error') {
        errors.add(toastId);
        rtToast.error(message, { toastId, onClose: () => errors.delete(toastId) });
      } else rtToast(message, { toastId });
    };
    attachToaster(show, () => {
      for (const id of errors) rtToast.dismiss(id);
      errors.clear();
    });
    return () => attachToaster(null);
  }, []);
  return <ToastContainer position="top-center" limit={20} autoClose={4000} rtl={rtl} transition={Slide} newestOnTop />;
}
