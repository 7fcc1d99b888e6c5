import { useId, useState, type KeyboardEvent } from 'react';
import { Loading } from '../../../components/Loading';
import { Page } from '../../../components/Page';
import { useSession } from '../../../lib/auth';
import { useAccountUser } from '../../../lib/account-user';
import { AccountInfo } from '../components/AccountInfo';
import { DeleteAccount } from '../components/DeleteAccount';
import { PasswordReset } from '../components/PasswordReset';
import '../account.css';

const TABS = ['Account Info', 'Password Reset'] as const;

/** /Myaccount: Account Info and Password Reset tabs, and account deletion. */
export function Component() {
  const session = useSession();
  const userId = session.status === 'signedIn' ? session.user.userId : undefined;
  const user = useAccountUser(userId);
  const [tab, setTab] = useState(0);
  const id = useId();

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = (tab + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length;
    setTab(next);
    document.getElementById(`${id}-tab-${next}`)?.focus();
  };

  return (
    <Page title="My Account" className="account">
      <div className="tabs" role="tablist" aria-label="My Account" onKeyDown={onKeyDown}>
        {TABS.map((label, i) => (
          <button
            key={label}
            id={`${id}-tab-${i}`}
            type="button"
            role="tab"
            aria-selected={tab === i}
            aria-controls={`${id}-panel-${i}`}
            tabIndex={tab === i ? 0 : -1}
            onClick={() => setTab(i)}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel-${tab}`} aria-labelledby={`${id}-tab-${tab}`}>
        {tab === 0 &&
          (user.data ? (
            <AccountInfo user={user.data.user} />
          ) : user.isError ? (
            <p role="alert">{user.error.message}</p>
          ) : (
            <Loading label="Loading your profile…" />
          ))}
        {tab === 1 && <PasswordReset />}
      </div>
      <DeleteAccount />
    </Page>
  );
}
