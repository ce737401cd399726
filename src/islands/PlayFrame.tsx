import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, getJson } from '~/lib/api';
import {
  GAME_FRAME_FEATURES,
  GAME_TOKEN_REFRESH_MS,
  HANDSHAKE_TIMEOUT_MS,
  acceptGameMessage,
  findPlayableGame,
  gameFrameSrc,
  newFrameNonce,
  type PlayableGame,
} from '~/lib/play-frame';
import { gameTokenResponseSchema } from '~/lib/schemas/games';
import { settledSession } from '~/lib/stores/session';
import { signUpRequiredToast } from '~/lib/play';
import { toast, toastAfterNavigation } from '~/lib/stores/toast';
import { PixelIcon } from '~/ui/PixelIcon';
import {
  alert as iconAlert,
  arrowLeft as iconArrowLeft,
  externalLink as iconExternalLink,
  reload as iconReload,
} from '~/ui/pixel-icons';

type State =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | {
      status: 'ready';
      token: string;
      username: string;
      fallback: boolean;
      generation: number;
      /** This load of the frame's nonce: the game echoes it in every message, the arcade in its own. */
      nonce: string;
    };

interface Props {
  games: PlayableGame[];
}

/**
 * The game player: checks the session, fetches a game token (and learns the games' origin with it),
 * shows the game in a sandboxed frame on that origin and hands it the token by postMessage, to that
 * exact origin only.
 */
export default function PlayFrame({ games }: Props) {
  const [state, setState] = useState<State>({ status: 'loading' });
  // The address is read after hydration: the prerendered page knows no query string.
  const [where, setWhere] = useState<{ query: URLSearchParams; origin: string } | null>(null);
  useEffect(() => setWhere({ query: new URLSearchParams(window.location.search), origin: window.location.origin }), []);
  const name = where?.query.get('name') || 'Game';
  const origin = where?.origin ?? '';
  // The reference games' origin (GAMES_ORIGIN), a setting of the running server: the game token's answer names it.
  const [gamesOrigin, setGamesOrigin] = useState<string | null>(null);
  // One object per address, so the hooks below depend on the game, not on each render's copy.
  const game = useMemo(
    () => (where && gamesOrigin ? findPlayableGame(where.query.get('url'), games, gamesOrigin) : null),
    [where, games, gamesOrigin],
  );
  const frame = useRef<HTMLIFrameElement>(null);
  const ready = useRef(false);
  const generation = useRef(0);

  // Signed out (a shared link, an expired session, or a play button pressed before it hydrated):
  // home, with the same 'Sign Up Required' toast the play buttons give.
  const sendHome = useCallback(() => {
    toastAfterNavigation(signUpRequiredToast(name));
    window.location.assign('/');
  }, [name]);

  const start = useCallback(async () => {
    if (!where) return;
    setState({ status: 'loading' });
    const session = await settledSession();
    if (session.status !== 'signed-in') {
      sendHome();
      return;
    }
    // The game asked for names the token (one token, one game); its site-relative address (a
    // reference game's) matches alike on any origin, so it is known before the games' origin is.
    const asked = findPlayableGame(where.query.get('url'), games, where.origin);
    if (!asked) {
      setState({ status: 'error', message: "This game isn't in the arcade's catalogue, so it can't be played here." });
      return;
    }
    try {
      // A new credential each time, never a cached answer (README, "Client data").
      const answer = await getJson(
        `auth/game-token?gameId=${encodeURIComponent(asked.gameId)}`,
        gameTokenResponseSchema,
      );
      setGamesOrigin(answer.gamesOrigin);
      if (!findPlayableGame(where.query.get('url'), games, answer.gamesOrigin)) {
        setState({
          status: 'error',
          message: "This game isn't in the arcade's catalogue, so it can't be played here.",
        });
        return;
      }
      ready.current = false;
      generation.current += 1;
      setState({
        status: 'ready',
        token: answer.gameToken,
        username: session.user.username,
        fallback: false,
        generation: generation.current,
        nonce: newFrameNonce(),
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        sendHome();
        return;
      }
      setState({
        status: 'error',
        message: error instanceof ApiError ? 'Failed to get game token' : 'Authentication error',
      });
    }
  }, [where, games, sendHome]);

  useEffect(() => {
    void start();
  }, [start]);

  // A fresh token every 20 minutes; the frame reloads with it.
  const readyGeneration = state.status === 'ready' ? state.generation : null;
  useEffect(() => {
    if (readyGeneration === null) return;
    const timer = setTimeout(() => void start(), GAME_TOKEN_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [readyGeneration, start]);

  // Messages from the game, accepted only from its exact origin and its frame's window, with this
  // load's nonce; the answer goes to that exact origin, never '*'.
  useEffect(() => {
    if (state.status !== 'ready' || !game) return;
    const gameOrigin = game.href.origin;
    const onMessage = (event: MessageEvent) => {
      const data = acceptGameMessage(event, {
        origin: gameOrigin,
        source: frame.current?.contentWindow,
        nonce: state.nonce,
      });
      if (data?.type === 'ARCADE_READY') {
        ready.current = true;
        frame.current?.contentWindow?.postMessage(
          { type: 'ARCADE_TOKEN', token: state.token, username: state.username, nonce: state.nonce },
          gameOrigin,
        );
      } else if (data?.type === 'COPY_TO_CLIPBOARD') {
        navigator.clipboard.writeText(data.text).then(
          () => toast({ title: 'Copied!', description: 'The game put text on your clipboard.', variant: 'success' }),
          () => toast({ title: 'Copy Failed', description: 'Could not copy to clipboard', variant: 'destructive' }),
        );
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [state, game]);

  // A game that never says ARCADE_READY gets the token in its query string instead.
  function onFrameLoad() {
    if (state.status !== 'ready' || state.fallback) return;
    const current = state.generation;
    setTimeout(() => {
      if (!ready.current && generation.current === current)
        setState((s) => (s.status === 'ready' ? { ...s, fallback: true } : s));
    }, HANDSHAKE_TIMEOUT_MS);
  }

  const src =
    state.status === 'ready' && game
      ? gameFrameSrc(
          game.href,
          origin,
          state.nonce,
          state.fallback ? { token: state.token, username: state.username } : undefined,
        )
      : undefined;

  return (
    <div className="flex h-dvh flex-col bg-base-300">
      <header className="flex items-center gap-2 border-b-2 border-plum bg-base-200 px-2 py-2 sm:gap-4 sm:px-4">
        <a href="/" className="btn gap-2 btn-ghost font-pixel text-[0.6rem] btn-sm" aria-label="Back to Arcade">
          <PixelIcon icon={iconArrowLeft} className="size-4" />
          <span className="hidden sm:inline">Back to Arcade</span>
        </a>
        <div className="min-w-0 flex-1">
          <h1 className="truncate font-pixel text-[0.65rem] text-primary sm:text-xs">Playing: {name}</h1>
          {state.status === 'ready' && (
            <p className="truncate text-sm text-base-content/70">Welcome, {state.username}</p>
          )}
        </div>
        <button
          type="button"
          className="btn gap-2 btn-ghost btn-sm"
          onClick={() => void start()}
          disabled={state.status === 'error' && !game}
        >
          <PixelIcon icon={iconReload} className="size-4" />
          <span className="hidden md:inline">Refresh Game</span>
          <span className="sr-only md:hidden">Refresh Game</span>
        </button>
        {game && state.status === 'ready' && (
          <a
            href={gameFrameSrc(game.href, origin, state.nonce, { token: state.token, username: state.username })}
            target="_blank"
            rel="noopener"
            className="btn gap-2 btn-ghost btn-sm"
          >
            <PixelIcon icon={iconExternalLink} className="size-4" />
            <span className="hidden md:inline">Open in New Tab</span>
            <span className="sr-only md:hidden">Open in New Tab</span>
          </a>
        )}
      </header>
      <main className="relative flex-1">
        {state.status === 'loading' && (
          <div className="absolute inset-0 grid place-items-center" role="status">
            <p className="animate-glow font-pixel text-xs text-primary">Loading game...</p>
          </div>
        )}
        {state.status === 'error' && (
          <div className="absolute inset-0 grid place-items-center p-6">
            <div className="panel max-w-md p-8 text-center" role="alert">
              <PixelIcon icon={iconAlert} className="mx-auto size-10 text-error" />
              <p className="mt-4 text-lg">{state.message}</p>
              <a href="/" className="btn-arcade mt-6 btn-primary">
                Back to Dashboard
              </a>
            </div>
          </div>
        )}
        {src && (
          <iframe
            key={`${state.status === 'ready' ? state.generation : 0}-${state.status === 'ready' && state.fallback}`}
            ref={frame}
            src={src}
            title={name}
            onLoad={onFrameLoad}
            sandbox="allow-scripts allow-same-origin allow-forms allow-pointer-lock allow-popups allow-popups-to-escape-sandbox"
            allow={GAME_FRAME_FEATURES.join('; ')}
            className="absolute inset-0 h-full w-full border-0 bg-black"
          />
        )}
      </main>
    </div>
  );
}
