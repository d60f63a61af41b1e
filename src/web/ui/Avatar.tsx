/** The player's picture, or their initial on a coloured disc. */
export function Avatar({ name, src, size = 40 }: { name: string; src?: string; size?: number }) {
  if (src) return <img className="avatar" src={src} alt="" width={size} height={size} />;
  return (
    <span
      className="avatar avatar-initial"
      style={{ width: size, height: size, fontSize: size * 0.45 }}
      aria-hidden="true"
    >
      {(name.trim().charAt(0) || '?').toLocaleUpperCase()}
    </span>
  );
}
