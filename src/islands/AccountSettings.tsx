import { useStore } from '@nanostores/react';
import { useId, useMemo, useRef, useState, type SubmitEvent } from 'react';
import {
  $account,
  $deleteOwnAccount,
  $notifyNewGames,
  $saveAccountCountry,
  $saveLightningAddress,
  $signOutEverywhere,
} from '~/lib/stores/account';
import { LIGHTNING_ADDRESS } from '~/lib/schemas/account';
import { UNKNOWN_COUNTRY, listCountryOptions } from '~/lib/countries';
import { formatShortDate } from '~/lib/format';
import type { AccountResponse } from '~/lib/schemas/account';
import { openAuthDialog } from '~/lib/stores/auth-dialog';
import { failureMessage } from '~/lib/failure';
import { runMutation } from '~/lib/query-wait';
import { toast, toastAfterNavigation } from '~/lib/stores/toast';
import { ArcadeDialog } from '~/ui/ArcadeDialog';
import { PixelIcon } from '~/ui/PixelIcon';
import { PlayerAvatar } from '~/ui/PlayerAvatar';
import { TextField } from '~/ui/TextField';
import { useAction } from '~/ui/useAction';
import {
  alert as iconAlert,
  download as iconDownload,
  lock as iconLock,
  login as iconLogin,
  logout as iconLogout,
} from '~/ui/pixel-icons';
import { useSession } from '~/ui/useHydratedStore';

/** The Account Settings page: the player's details, their country, their sessions, their data and deleting the account. */
export default function AccountSettings() {
  const session = useSession();

  return (
    <div className="mx-auto max-w-3xl py-10">
      <h1 className="pixel-heading text-center text-xl sm:text-3xl">Account Settings</h1>
      {session.status === 'loading' && <Skeleton />}
      {session.status === 'signed-out' && <SignedOut />}
      {session.status === 'signed-in' && <SignedIn />}
    </div>
  );
}

function Skeleton() {
  return (
    <div className="mt-10 space-y-6" role="status" aria-label="Loading your account">
      <div className="h-40 w-full skeleton" />
      <div className="h-32 w-full skeleton" />
    </div>
  );
}

function SignedOut() {
  return (
    <section className="panel mx-auto mt-10 flex max-w-md flex-col items-center gap-4 p-8 text-center">
      <PixelIcon icon={iconLock} className="size-10 text-primary" />
      <h2 className="text-sm leading-relaxed text-accent">Sign in to manage your account</h2>
      <p className="text-base-content/80">Your username, e-mail, country and sessions live here.</p>
      <button type="button" className="btn-arcade btn-primary" onClick={() => openAuthDialog('sign-in')}>
        <PixelIcon icon={iconLogin} className="size-4" /> Sign In
      </button>
    </section>
  );
}

function SignedIn() {
  const { data: account, error } = useStore($account);

  if (account) {
    return (
      <div className="mt-10 space-y-6">
        <Profile account={account} />
        <CountryForm account={account} />
        <NewGames wanted={account.notifyNewGames} />
        <LightningAddressForm saved={account.lightningAddress ?? null} />
        <Sessions activeSessions={account.activeSessions} />
        <YourData />
        <DeleteAccount username={account.user.username} isAdmin={account.user.isAdmin} />
      </div>
    );
  }
  if (error === undefined) return <Skeleton />;
  return (
    <section role="alert" className="panel mx-auto mt-10 flex max-w-md flex-col items-center gap-4 p-8 text-center">
      <h2 className="text-sm leading-relaxed text-error">Could not load your account</h2>
      <button type="button" className="btn-arcade btn-primary" onClick={() => $account.invalidate()}>
        Try Again
      </button>
    </section>
  );
}

function Profile({ account }: { account: AccountResponse }) {
  const { user } = account;
  return (
    <section
      aria-labelledby="account-profile"
      className="panel flex flex-col gap-6 p-6 sm:flex-row sm:items-center sm:p-8"
    >
      <PlayerAvatar player={user} size="lg" className="self-center" />
      <div className="min-w-0 flex-1">
        <h2 id="account-profile" className="text-[0.7rem] text-accent">
          Player
        </h2>
        <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-[auto_1fr]">
          <dt className="text-sm text-base-content/70">Username</dt>
          <dd className="font-data font-bold break-all">{user.username}</dd>
          <dt className="text-sm text-base-content/70">Email</dt>
          <dd className="font-data break-all">{user.email}</dd>
          <dt className="text-sm text-base-content/70">Member since</dt>
          <dd>
            <time dateTime={account.memberSince} className="font-data">
              {formatShortDate(account.memberSince)}
            </time>
          </dd>
        </dl>
      </div>
    </section>
  );
}

function CountryForm({ account }: { account: AccountResponse }) {
  const id = useId();
  const options = useMemo(() => listCountryOptions(), []);
  const known = options.some((o) => o.code === account.country);
  const [country, setCountry] = useState(known ? account.country : UNKNOWN_COUNTRY);
  const { run, pending: saving } = useAction($saveAccountCountry, {
    failureTitle: 'Update Failed',
    onSuccess: () =>
      toast({ title: 'Account Updated', description: 'Your country has been saved.', variant: 'success' }),
  });

  async function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    await run(country);
  }

  return (
    <section aria-labelledby={`${id}-title`} className="panel p-6 sm:p-8">
      <h2 id={`${id}-title`} className="text-[0.7rem] text-accent">
        Home Country
      </h2>
      <p className="mt-3 text-base-content/80">Your country puts you on its country leaderboard.</p>
      <form onSubmit={save} className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor={`${id}-country`} className="mb-2 block font-pixel text-[0.6rem] text-secondary">
            Country
          </label>
          <select
            id={`${id}-country`}
            className="select w-full border-2 border-plum bg-base-100"
            value={country}
            onChange={(e) => setCountry(e.target.value)}
          >
            {options.map((o) => (
              <option key={o.code} value={o.code}>
                {o.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-arcade min-w-32 btn-primary" disabled={saving}>
          {saving ? 'Saving...' : 'Save'}
        </button>
      </form>
    </section>
  );
}

/** Where tournament prizes are paid: a Lightning Address the admins see beside the player's prizes. */
function LightningAddressForm({ saved }: { saved: string | null }) {
  const id = useId();
  const [address, setAddress] = useState(saved ?? '');
  const [error, setError] = useState<string>();
  const { run, pending } = useAction($saveLightningAddress, {
    failureTitle: 'Update Failed',
    onSuccess: (answer) => {
      setAddress(answer.lightningAddress ?? '');
      toast({ title: 'Account Updated', description: answer.message, variant: 'success' });
    },
  });

  async function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = address.trim().toLowerCase();
    if (value && !LIGHTNING_ADDRESS.test(value)) return setError('Enter a Lightning Address like name@wallet.com');
    setError(undefined);
    await run(value);
  }

  return (
    <section aria-labelledby={`${id}-title`} className="panel p-6 sm:p-8">
      <h2 id={`${id}-title`} className="text-[0.7rem] text-accent">
        Lightning Address
      </h2>
      <p className="mt-3 text-base-content/80">
        Win a tournament prize and it is paid here. Leave it empty to remove it.
      </p>
      <form onSubmit={save} noValidate className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex-1">
          <TextField
            id={`${id}-address`}
            label="Lightning Address"
            type="email"
            inputMode="email"
            autoComplete="off"
            placeholder="name@wallet.com"
            value={address}
            error={error}
            onChange={(e) => setAddress(e.target.value)}
          />
        </div>
        <button type="submit" className="btn-arcade min-w-32 btn-primary sm:mt-6" disabled={pending}>
          {pending ? 'Updating...' : 'Update Address'}
        </button>
      </form>
    </section>
  );
}

/** The wish to hear of new games (the dashboard's NOTIFY ME), and the way to take it back. */
function NewGames({ wanted }: { wanted: boolean }) {
  const { run, pending } = useAction($notifyNewGames, {
    failureTitle: 'Update Failed',
    onSuccess: (answer) => toast({ title: 'Account Updated', description: answer.message, variant: 'success' }),
  });
  return (
    <section aria-labelledby="account-new-games" className="panel p-6 sm:p-8">
      <h2 id="account-new-games" className="text-[0.7rem] text-accent">
        New Games
      </h2>
      <p className="mt-3 text-base-content/80">
        {wanted
          ? 'We will e-mail you when a new game joins the arcade.'
          : 'You will not get an e-mail about new games.'}
      </p>
      <button
        type="button"
        className="btn-arcade mt-5 btn-outline btn-info"
        onClick={() => void run(!wanted)}
        disabled={pending}
      >
        {pending ? 'Saving...' : wanted ? 'Stop telling me' : 'Tell me about new games'}
      </button>
    </section>
  );
}

function Sessions({ activeSessions }: { activeSessions: number }) {
  const { run, pending } = useAction($signOutEverywhere, {
    failureTitle: 'Sign Out Failed',
    pendingAfterSuccess: true,
    onSuccess: () => window.location.assign('/'),
  });

  return (
    <section aria-labelledby="account-sessions" className="panel p-6 sm:p-8">
      <h2 id="account-sessions" className="text-[0.7rem] text-accent">
        Sessions
      </h2>
      <p className="mt-3 text-base-content/80">
        Active sessions: <strong className="font-data text-lg text-primary">{activeSessions}</strong>
      </p>
      <p className="mt-2 text-sm text-base-content/70">
        Lost a device or signed in somewhere you should not have? Signing out everywhere ends every session, this one
        included.
      </p>
      <button
        type="button"
        className="btn-arcade mt-5 btn-outline btn-error"
        onClick={() => void run()}
        disabled={pending}
      >
        <PixelIcon icon={iconLogout} className="size-4" />
        {pending ? 'Signing Out...' : 'Sign out everywhere'}
      </button>
    </section>
  );
}

/** A copy of everything the arcade keeps about the player, as a JSON file (README, "Your data"). */
function YourData() {
  return (
    <section aria-labelledby="account-data" className="panel p-6 sm:p-8">
      <h2 id="account-data" className="text-[0.7rem] text-accent">
        Your Data
      </h2>
      <p className="mt-3 text-sm text-base-content/80">
        Download everything the arcade keeps about you: your account, sessions, every run, statistics, achievements,
        avatars, tournaments and prizes, as one JSON file (up to three downloads an hour).
      </p>
      <a href="/api/account/export" download className="btn-arcade mt-5 btn-outline btn-accent">
        <PixelIcon icon={iconDownload} className="size-4" />
        Download my data
      </a>
    </section>
  );
}

/**
 * Deleting the account (README, "Your data"): what goes and what stays, then a confirmation where
 * the player types their username. Done, they are signed out and land on the home page with a message.
 */
function DeleteAccount({ username, isAdmin }: { username: string; isAdmin: boolean }) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [state, setState] = useState<{ pending: boolean; error?: string }>({ pending: false });
  const matches = typed.trim().toLowerCase() === username.toLowerCase();

  async function confirm(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!matches || state.pending) return;
    setState({ pending: true });
    const outcome = await runMutation($deleteOwnAccount, typed.trim());
    if (outcome.status === 'done') {
      toastAfterNavigation({ title: 'Account Deleted', description: outcome.result.message, variant: 'success' });
      window.location.assign('/');
    } else if (outcome.status === 'failed') {
      setState({ pending: false, error: failureMessage(outcome.error, 'Your account could not be deleted.') });
    }
  }

  return (
    <section aria-labelledby="account-delete" className="panel border-error/60 p-6 sm:p-8">
      <h2 id="account-delete" className="text-[0.7rem] text-error">
        Delete Account
      </h2>
      <p className="mt-3 text-sm text-base-content/80">
        Your e-mail, username, country, Lightning Address, avatars, achievements and sessions are erased, and you are
        signed out everywhere. Your runs and past tournament results stay, anonymous, as &quot;Deleted player&quot;, so
        the results still add up; prizes not yet sent are not sent. You can sign up again with the same e-mail as a new
        player.
      </p>
      {isAdmin ? (
        <p className="mt-3 text-sm text-base-content/70">
          An administrator&apos;s account cannot be deleted: ask the operator to remove your id from ADMIN_USER_IDS
          first.
        </p>
      ) : (
        <button type="button" className="btn-arcade mt-5 btn-outline btn-error" onClick={() => setOpen(true)}>
          Delete my account
        </button>
      )}
      <ArcadeDialog
        open={open}
        onClose={() => {
          setOpen(false);
          setTyped('');
          setState({ pending: false });
        }}
        labelledBy={`${id}-title`}
        describedBy={`${id}-detail`}
        initialFocus={field}
        icon={iconAlert}
      >
        <h2 id={`${id}-title`} className="text-center text-sm leading-relaxed text-error">
          Delete your account?
        </h2>
        <p id={`${id}-detail`} className="mt-4 text-center text-base-content/80">
          This cannot be undone. Type your username, <strong className="font-data break-all">{username}</strong>, to
          confirm.
        </p>
        <form onSubmit={confirm} className="mt-5" noValidate>
          <TextField
            ref={field}
            id={`${id}-confirm`}
            label="Your username"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          {state.error && (
            <p role="alert" className="mt-4 text-center text-sm text-error">
              {state.error}
            </p>
          )}
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <button type="button" className="btn-arcade btn-ghost" onClick={() => setOpen(false)}>
              Cancel
            </button>
            <button type="submit" className="btn-arcade btn-error" disabled={!matches || state.pending}>
              {state.pending ? 'Deleting...' : 'Delete my account'}
            </button>
          </div>
        </form>
      </ArcadeDialog>
    </section>
  );
}
