import type { BoardQuery } from '~/lib/board-rules';

/** The board in the address bar (`?game=rekt&scope=country&country=US`), so it can be shared and survives a reload. */
export function readView(games: { gameId: string }[]): BoardQuery {
  const params = new URLSearchParams(window.location.search);
  const game = params.get('game');
  const country = params.get('country')?.toUpperCase();
  return {
    gameId: games.some((g) => g.gameId === game) ? game! : games[0]!.gameId,
    scope: params.get('scope') === 'country' ? 'country' : 'global',
    country: country && /^[A-Z]{2}$/.test(country) ? country : undefined,
  };
}

/** Put the board in the address bar, defaults left out. */
export function writeView(view: BoardQuery, games: { gameId: string }[]) {
  const params = new URLSearchParams(window.location.search);
  const set = (name: string, value: string | undefined) => (value ? params.set(name, value) : params.delete(name));
  set('game', view.gameId === games[0]!.gameId ? undefined : view.gameId);
  set('scope', view.scope === 'global' ? undefined : view.scope);
  set('country', view.scope === 'country' ? view.country : undefined);
  const search = params.toString();
  window.history.replaceState(
    window.history.state,
    '',
    `${window.location.pathname}${search ? `?${search}` : ''}${window.location.hash}`,
  );
}
