import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { clampStart, lastStart, slidesPerView, visibleRange } from './carousel';
import type { TeamMember } from './team';
import { useWindowWidth } from './useWindowWidth';

const SWIPE_PX = 40;

/**
 * Meet the Team: a carousel of member cards. Buttons, the dots, arrow keys (Home and End
 * too) and a swipe move it; slides out of view are hidden from assistive technology.
 */
export function TeamCarousel({
  members,
  label,
}: {
  members: readonly TeamMember[];
  label: string;
}) {
  const perView = slidesPerView(useWindowWidth());
  const [wanted, setWanted] = useState(0);
  const start = clampStart(wanted, members.length, perView);
  const last = lastStart(members.length, perView);
  const { first, last: lastVisible } = visibleRange(start, members.length, perView);
  const swipeFrom = useRef<number | null>(null);

  const go = (to: number) => setWanted(clampStart(to, members.length, perView));

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowLeft: start - 1,
      ArrowRight: start + 1,
      Home: 0,
      End: last,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    go(to);
  };

  const onPointerDown = (event: PointerEvent) => {
    swipeFrom.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    const from = swipeFrom.current;
    swipeFrom.current = null;
    if (from === null) return;
    const dx = event.clientX - from;
    if (Math.abs(dx) < SWIPE_PX) return;
    go(dx < 0 ? start + 1 : start - 1);
  };

  const positions = Array.from({ length: last + 1 }, (_, i) => i);

  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={label}
      onKeyDown={onKeyDown}
    >
      <div
        className="carousel__viewport"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipeFrom.current = null)}
      >
        <div
          className="carousel__track"
          aria-live="polite"
          style={{
            ['--per-view' as string]: perView,
            transform: `translateX(calc(-100% / ${perView} * ${start}))`,
          }}
        >
          {members.map((m, i) => {
            const visible = i >= first && i <= lastVisible;
            return (
              <div
                key={m.name}
                className="carousel__slide"
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${members.length}: ${m.name}`}
                aria-hidden={visible ? undefined : true}
                data-visible={visible}
              >
                <article className="member">
                  <img
                    className="member__photo"
                    src={m.photo}
                    alt={`Portrait of ${m.name}`}
                    width={160}
                    height={160}
                    draggable={false}
                  />
                  <h3 className="member__name">{m.name}</h3>
                  <p className="member__role">{m.role}</p>
                  <p className="member__bio">{m.bio}</p>
                </article>
              </div>
            );
          })}
        </div>
      </div>
      <div className="carousel__controls">
        <button
          type="button"
          className="carousel__arrow"
          aria-label="Previous team member"
          aria-disabled={start === 0}
          onClick={() => go(start - 1)}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <div className="carousel__dots" role="group" aria-label="Choose team members to show">
          {positions.map((p) => {
            const shown = visibleRange(p, members.length, perView);
            const names = members.slice(shown.first, shown.last + 1).map((m) => m.name);
            return (
              <button
                key={p}
                type="button"
                className="carousel__dot"
                aria-label={`Show ${names.length > 1 ? `${names[0]} to ${names.at(-1)}` : names[0]}`}
                aria-current={p === start ? 'true' : undefined}
                onClick={() => go(p)}
              />
            );
          })}
        </div>
        <button
          type="button"
          className="carousel__arrow"
          aria-label="Next team member"
          aria-disabled={start === last}
          onClick={() => go(start + 1)}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
    </section>
  );
}
