/** The full-screen loader shown until the web settings (or a first route) are ready. */
export function FullScreenLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="boot-loader" role="status" aria-label={label}>
      <span className="spinner" />
    </div>
  );
}
