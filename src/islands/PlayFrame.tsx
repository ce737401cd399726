import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { ApiError, getJson } from '~/lib/api';
import {
  GAME_FRAME_FEATURES,
  GAME_TOKEN_REFRESH_MS,
  GAME_TOKEN_RETRY_MS,
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
import { ArcadeDialog } from '~/ui/ArcadeDialog';
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
      /** The token this load of the frame started with (the fallback's fragment holds it). */
      token: string;
      /** The newest token, handed to the frame by message as it comes (every 20 minutes). */
      current: string;
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
 * A new game token, and the games' origin with it. The one place the play page asks for a token,
 * never a cached answer (README, "Client data").
 */
function fetchGameToken(gameId: string) {
  // One token, one game: the token names the game it opens (README, "Game API").
  return getJson(`auth/game-token?gameId=${encodeURIComponent(gameId)}`, gameTokenResponseSchema);
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
  // Whether the game says a run is in progress (the SDK's ARCADE_RUN): Refresh Game then asks first.
  const [running, setRunning] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const keepPlaying = useRef<HTMLButtonElement>(null);
  const dialogId = useId();
  const wrongOriginSaid = useRef(false);

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
      const answer = await fetchGameToken(asked.gameId);
      setGamesOrigin(answer.gamesOrigin);
      if (!findPlayableGame(where.query.get('url'), games, answer.gamesOrigin)) {
        setState({
          status: 'error',
          message:
            "This game isn't in the arcade's catalogue, so it can't be played here. If it was just added or its url " +
            'changed, the arcade needs a rebuild and restart to know it.',
        });
        return;
      }
      ready.current = false;
      generation.current += 1;
      setRunning(false);
      setState({
        status: 'ready',
        token: answer.gameToken,
        current: answer.gameToken,
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

  // A fresh token every 20 minutes (they live 30), handed to the frame by message: the frame is
  // never reloaded for it, so a run in progress goes on. A failed fetch is tried again a minute
  // later; a 401 (signed out meanwhile) stops it, and the game's next save says the token expired.
  const readyGeneration = state.status === 'ready' ? state.generation : null;
  const gameId = game?.gameId;
  useEffect(() => {
    if (readyGeneration === null || !gameId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const refresh = async () => {
      try {
        const answer = await fetchGameToken(gameId);
        if (stopped) return;
        setState((s) =>
          s.status === 'ready' && s.generation === readyGeneration ? { ...s, current: answer.gameToken } : s,
        );
        timer = setTimeout(() => void refresh(), GAME_TOKEN_REFRESH_MS);
      } catch (error) {
        if (stopped || (error instanceof ApiError && error.status === 401)) return;
        timer = setTimeout(() => void refresh(), GAME_TOKEN_RETRY_MS);
      }
    };
    timer = setTimeout(() => void refresh(), GAME_TOKEN_REFRESH_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [readyGeneration, gameId]);

  // The token to the frame, to the game's exact origin with this load's nonce: once the game said
  // ARCADE_READY, and again with each fresh token. (A game that never said it keeps the token its
  // fragment carried until Refresh Game.)
  const handOver =
    state.status === 'ready' ? { token: state.current, username: state.username, nonce: state.nonce } : null;
  const sendToken = useCallback(
    (to: { token: string; username: string; nonce: string }) => {
      if (!game || !ready.current) return;
      frame.current?.contentWindow?.postMessage({ type: 'ARCADE_TOKEN', ...to }, game.href.origin);
    },
    [game],
  );
  const [currentToken, currentUser, currentNonce] = [handOver?.token, handOver?.username, handOver?.nonce];
  useEffect(() => {
    if (currentToken && currentUser !== undefined && currentNonce)
      sendToken({ token: currentToken, username: currentUser, nonce: currentNonce });
  }, [currentToken, currentUser, currentNonce, sendToken]);

  // Messages from the game, accepted only from its exact origin and its frame's window, with this
  // load's nonce; the answer goes to that exact origin, never '*'.
  useEffect(() => {
    if (state.status !== 'ready' || !game) return;
    const gameOrigin = game.href.origin;
    const onMessage = (event: MessageEvent) => {
      const source = frame.current?.contentWindow;
      if (source && event.source === source && event.origin !== gameOrigin && !wrongOriginSaid.current) {
        // Said once: else a game served from another address than its catalogue url just never starts.
        wrongOriginSaid.current = true;
        console.error(
          `The game's frame speaks from ${event.origin}, but the catalogue's url for it is on ${gameOrigin}: its ` +
            'messages are ignored. Serve the game from its catalogue url (no redirect to another host or port), ' +
            'or change the url and rebuild the arcade.',
        );
      }
      const data = acceptGameMessage(event, { origin: gameOrigin, source, nonce: state.nonce });
      if (data?.type === 'ARCADE_READY') {
        ready.current = true;
        sendToken({ token: state.current, username: state.username, nonce: state.nonce });
      } else if (data?.type === 'ARCADE_RUN') {
        setRunning(data.running);
      } else if (data?.type === 'COPY_TO_CLIPBOARD') {
        navigator.clipboard.writeText(data.text).then(
          () => toast({ title: 'Copied!', description: 'The game put text on your clipboard.', variant: 'success' }),
          () => toast({ title: 'Copy Failed', description: 'Could not copy to clipboard', variant: 'destructive' }),
        );
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [state, game, sendToken]);

  // Refresh Game reloads the frame: during a run it asks first (the run would end unsaved).
  function refreshGame() {
    if (running && state.status === 'ready') setConfirming(true);
    else void start();
  }

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
          onClick={refreshGame}
          disabled={state.status === 'error' && !game}
        >
          <PixelIcon icon={iconReload} className="size-4" />
          <span className="hidden md:inline">Refresh Game</span>
          <span className="sr-only md:hidden">Refresh Game</span>
        </button>
        {game && state.status === 'ready' && (
          <a
            href={gameFrameSrc(game.href, origin, state.nonce, { token: state.current, username: state.username })}
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
      <ArcadeDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        labelledBy={`${dialogId}-title`}
        describedBy={`${dialogId}-detail`}
        initialFocus={keepPlaying}
        icon={iconReload}
      >
        <h2 id={`${dialogId}-title`} className="text-center text-sm leading-relaxed text-primary">
          Refresh the game?
        </h2>
        <p id={`${dialogId}-detail`} className="mt-4 text-center text-base-content/80">
          A run is in progress. Refreshing reloads the game: the run ends here and its score is not saved.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <button ref={keepPlaying} type="button" className="btn-arcade btn-ghost" onClick={() => setConfirming(false)}>
            Keep Playing
          </button>
          <button
            type="button"
            className="btn-arcade btn-error"
            onClick={() => {
              setConfirming(false);
              void start();
            }}
          >
            Refresh Anyway
          </button>
        </div>
      </ArcadeDialog>
    </div>
  );
}
