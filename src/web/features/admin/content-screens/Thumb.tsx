/** A category's or subcategory's small picture in a list (a plain tile when it has none). */
export function Thumb({ src }: { src: string }) {
  return src ? (
    <img src={src} alt="" className="cs-thumb" loading="lazy" width={40} height={40} />
  ) : (
    <span className="cs-thumb cs-thumb-none" aria-hidden="true" />
  );
}
