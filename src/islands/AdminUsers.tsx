import type { FetcherValue } from '@nanostores/query';
import { useState, type SubmitEvent } from 'react';
import { AccountBadges, DateTime } from '~/features/admin/PlayerParts';
import { failureMessage } from '~/lib/api';
import { countryLabel } from '~/lib/countries';
import { USER_SEARCH_MAX, type AdminUserSearchResponse } from '~/lib/schemas/people';
import { userSearchKey, userSearchStore } from '~/lib/stores/people';
import { PixelIcon } from '~/ui/PixelIcon';
import { TextField } from '~/ui/TextField';
import { useHydratedStore } from '~/ui/useHydratedStore';
import { arrowLeft as iconLeft, reload as iconReload } from '~/ui/pixel-icons';

const IDLE: FetcherValue<AdminUserSearchResponse> = { loading: false };

/**
 * `/admin/users`: find players by name, e-mail or id, 50 a page, newest accounts first; each links
 * to the player's page. The server rendered the first answer (for the address's `?q=`); a new
 * search asks the API and keeps the address in step, so a reload or a shared link shows the same.
 */
export default function AdminUsers({ initial }: { initial: AdminUserSearchResponse }) {
  const [text, setText] = useState(initial.query);
  const [asked, setAsked] = useState({ q: initial.query, page: initial.pagination.page });
  const store = userSearchStore(asked);
  const { data, error, loading } = useHydratedStore(store, IDLE);
  const firstKey = userSearchKey({ q: initial.query, page: initial.pagination.page });
  const answer = data ?? (userSearchKey(asked) === firstKey ? initial : undefined);

  function go(q: string, page: number) {
    setAsked({ q, page });
    const url = new URL(window.location.href);
    if (q) url.searchParams.set('q', q);
    else url.searchParams.delete('q');
    if (page > 1) url.searchParams.set('page', String(page));
    else url.searchParams.delete('page');
    window.history.replaceState(null, '', url);
  }

  function search(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    go(text.trim(), 1);
  }

  return (
    <>
      <form
        role="search"
        action="/admin/users"
        onSubmit={search}
        className="panel mt-8 flex flex-col gap-3 p-5 sm:flex-row sm:items-end"
      >
        <div className="min-w-0 flex-1">
          <TextField
            id="player-search"
            name="q"
            label="Name, e-mail or id"
            type="search"
            autoComplete="off"
            placeholder="satoshi, name@example.com or 42"
            maxLength={USER_SEARCH_MAX}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <button type="submit" className="btn-arcade min-w-32 btn-primary">
          Search
        </button>
      </form>

      <section aria-labelledby="players-found" aria-busy={loading} className="mt-6">
        <h2 id="players-found" className="text-[0.7rem] leading-relaxed text-accent">
          {answer
            ? `${answer.pagination.total} ${answer.pagination.total === 1 ? 'player' : 'players'}${answer.query ? ` matching "${answer.query}"` : ''}`
            : 'Players'}
        </h2>
        {!answer && !error && (
          <div className="mt-4 space-y-3" role="status" aria-label="Searching">
            <div className="h-20 w-full skeleton" />
            <div className="h-20 w-full skeleton" />
          </div>
        )}
        {error !== undefined && !answer && (
          <div role="alert" className="panel mt-4 flex flex-col items-center gap-3 p-6 text-center">
            <p className="text-error">{failureMessage(error, 'Could not search the players.')}</p>
            <button type="button" className="btn-arcade btn-primary" onClick={() => store.revalidate()}>
              <PixelIcon icon={iconReload} className="size-4" /> Try Again
            </button>
          </div>
        )}
        {answer && answer.users.length === 0 && (
          <p className="panel mt-4 p-6 text-center text-base-content/80">
            No player has a name, e-mail or id like that.
          </p>
        )}
        {answer && answer.users.length > 0 && (
          <ul className={`mt-4 space-y-3 ${loading ? 'opacity-70' : ''}`} aria-label="Players">
            {answer.users.map((user) => (
              <li key={user.id}>
                <a
                  href={`/admin/users/${user.id}`}
                  className="panel flex flex-col gap-2 p-4 transition-colors hover:border-primary focus-visible:border-primary sm:flex-row sm:items-center sm:gap-6 sm:py-3"
                >
                  <span className="min-w-0 flex-1">
                    <span className="flex flex-wrap items-center gap-2">
                      <span className="font-data text-lg font-bold break-all text-base-content">{user.username}</span>
                      <span className="font-data text-base-content/70">#{user.id}</span>
                      <AccountBadges user={user} />
                    </span>
                    <span className="mt-1 block font-data text-sm break-all text-base-content/80">{user.email}</span>
                  </span>
                  <span className="grid shrink-0 grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm sm:grid-flow-col sm:grid-cols-none sm:grid-rows-2 sm:gap-x-6 sm:gap-y-0">
                    <span className="text-base-content/70">Country</span>
                    <span className="font-data">{countryLabel(user.country)}</span>
                    <span className="text-base-content/70">Joined</span>
                    <DateTime iso={user.createdAt} />
                    <span className="text-base-content/70">Seen</span>
                    <DateTime iso={user.lastSeenAt} empty="never" />
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
        {answer && (answer.pagination.page > 1 || answer.pagination.hasMore) && (
          <nav aria-label="Pages of players" className="mt-6 flex items-center justify-between gap-3">
            <button
              type="button"
              className="btn-arcade btn-outline btn-sm"
              disabled={answer.pagination.page <= 1}
              onClick={() => go(asked.q, asked.page - 1)}
            >
              <PixelIcon icon={iconLeft} className="size-4" /> Previous
            </button>
            <span className="font-data text-sm text-base-content/80">Page {answer.pagination.page}</span>
            <button
              type="button"
              className="btn-arcade btn-outline btn-sm"
              disabled={!answer.pagination.hasMore}
              onClick={() => go(asked.q, asked.page + 1)}
            >
              Next
            </button>
          </nav>
        )}
      </section>
    </>
  );
}
