import {
  CrossTabMessage,
  LOGIN_MARKER_KEY,
  browserEnvironment,
  crossTabMessageType,
  openChannel,
  type CrossTabMessageType,
  type TabEnvironment,
} from './cross-tab';

// The listening side of the cross-tab sign-in protocol (src/lib/cross-tab.ts): the home page and the
// sign-in dialog's tab wait here, the magic-link landing never loads it.

/** What a listening tab does when told about a sign-in elsewhere. */
export interface CrossTabHandlers {
  onLoginSuccess: () => void;
  onCloseRequest: () => void;
}

/**
 * The listening side of the protocol. Returns a function that stops listening.
 * Window messages count only when they come from this tab's own origin.
 */
export function listenForCrossTabLogin(
  handlers: CrossTabHandlers,
  env: TabEnvironment = browserEnvironment(),
): () => void {
  const act = (type: CrossTabMessageType | null) => {
    if (type === CrossTabMessage.LOGIN_SUCCESS) handlers.onLoginSuccess();
    else if (type === CrossTabMessage.CLOSE_ORIGINAL_TAB) handlers.onCloseRequest();
  };

  const onMessage = (event: Event) => {
    const { origin, data } = event as MessageEvent;
    if (origin === env.window.location.origin) act(crossTabMessageType(data));
  };
  const onStorage = (event: Event) => {
    const { key, newValue } = event as StorageEvent;
    if (key === LOGIN_MARKER_KEY && newValue) handlers.onLoginSuccess();
  };
  env.window.addEventListener('message', onMessage);
  env.window.addEventListener('storage', onStorage);

  const channel = openChannel(env);
  if (channel) {
    channel.onmessage = (event: MessageEvent) => {
      const type = crossTabMessageType(event.data);
      if (type === CrossTabMessage.PING_ORIGINAL_TAB)
        channel.postMessage({ type: CrossTabMessage.ORIGINAL_TAB_EXISTS });
      else act(type);
    };
  }

  return () => {
    env.window.removeEventListener('message', onMessage);
    env.window.removeEventListener('storage', onStorage);
    channel?.close();
  };
}

let reloading = false;

/** The browser's answers: LOGIN_SUCCESS focuses and reloads the tab (once), CLOSE_ORIGINAL_TAB closes it. */
export const browserTabHandlers: CrossTabHandlers = {
  onLoginSuccess() {
    if (reloading) return;
    reloading = true;
    window.focus();
    window.location.reload();
  },
  onCloseRequest() {
    window.close();
  },
};

/** Listen with {@link browserTabHandlers}; for an effect: `useEffect(() => followCrossTabLogin(), [])`. */
export function followCrossTabLogin(): () => void {
  return listenForCrossTabLogin(browserTabHandlers);
}
