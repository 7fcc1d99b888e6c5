import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import defaultAvatar from '../../assets/default-avatar.svg';
import { paths } from '../../lib/paths';

/** The signed-in user's picture and name, opening Dashboard, My Alerts, Edit Profile and Logout. */
export function UserMenu({ name, imageUrl }: { name: string; imageUrl?: string }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="user-menu" ref={root}>
      <button
        type="button"
        className="user-menu__button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        <img className="avatar" src={imageUrl ?? defaultAvatar} alt="" width={32} height={32} />
        <span className="user-menu__name">{name}</span>
        <span className="user-menu__caret" aria-hidden="true" />
      </button>
      <ul id={menuId} className="user-menu__list" hidden={!open}>
        <li>
          <Link to={paths.dashboard} onClick={() => setOpen(false)}>
            Dashboard
          </Link>
        </li>
        <li>
          <Link to={paths.alerts} onClick={() => setOpen(false)}>
            My Alerts
          </Link>
        </li>
        <li>
          <Link to={paths.myAccount} onClick={() => setOpen(false)}>
            Edit Profile
          </Link>
        </li>
        <li>
          <Link to={paths.logout} onClick={() => setOpen(false)}>
            Logout
          </Link>
        </li>
      </ul>
    </div>
  );
}
