import { useEffect } from 'react';
import { Slide, ToastContainer, toast as rtToast } from 'react-toastify';
import { attachToaster } from './toast';

/** The toast host (lazy chunk): top centre, at most 20, 4 s for errors and 2 s for success. */
export default function Toaster({ rtl }: { rtl: boolean }) {
  useEffect(() => {
    attachToaster(({ kind, message }) => {
      // The same message twice in a row (e.g. several failing calls) shows once.
      const toastId = `${kind}:${message}`;
      if (rtToast.isActive(toastId)) return;
      if (kind === 'success') rtToast.success(message, { autoClose: 2000, toastId });
      else if (kind === 'error') rtToast.error(message, { toastId });
      else rtToast(message, { toastId });
    });
    return () => attachToaster(null);
  }, []);
  return <ToastContainer position="top-center" limit={20} autoClose={4000} rtl={rtl} transition={Slide} newestOnTop />;
}
