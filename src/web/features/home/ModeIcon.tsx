/** A mode's icon from the sprite (public/icons/modes.svg, precached): one cached file, no icon JS. */
export function ModeIcon({ id }: { id: string }) {
  return (
    <span className="mode-well" aria-hidden="true">
      <svg width="24" height="24">
        <use href={`/icons/modes.svg#${id}`} />
      </svg>
    </span>
  );
}
